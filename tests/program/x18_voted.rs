//! 1893's AGV and HGK, formed by their holders' vote in a merger round
//! (`from_18xx_games.mechanisms`: `VotedFormations`): import before and
//! after the deciding votes of the public record `1893_game_end_bank`.

use crate::common::{record_at, tokens_of};
use serde_json::Value;

fn closed(save: &Value) -> Vec<String> {
    save.get("closed")
        .and_then(Value::as_array)
        .map(|l| l.iter().map(|c| c.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

/// The votes, worked by hand from the record (bids 1 to 7 and 56-57 say
/// who holds which minor and HdSK; buy_shares and sell_shares who holds
/// which AGV and HGK shares):
/// - AGV, action 55 (its first merger round after the first 4): player
///   18536 (EKB, 20) and 16856 (KSZ 10 + BKB 20 = 30) vote; 100 - 50 = 50
///   is no from the start. 18536's no makes it 70 > 50: not formed.
/// - AGV, actions 111 and 112: 18536's yes is 20; 16856's yes makes it
///   20 + 30 = 50: AGV forms after 112, not after 111.
/// - HGK, action 147 (after the first 5): player 45 (KFBE 20 + KBE 20 =
///   40) and 16856 (HdSK 10) vote, 50 no from the start; 45's no makes it
///   90: not formed.
/// - HGK, actions 191 and 192: 45's yes is 40, 16856's yes 40 + 10 = 50
///   (18536's 20% of HGK bought at 168 and 170 is no vote cast): HGK
///   forms after 192.
#[test]
fn agv_and_hgk_form_when_half_their_votes_say_yes() {
    let dir = tempfile::tempdir().unwrap();
    let at = |n: u64| record_at("1893_bank.json", n, &dir.path().join(format!("at{n}.json")));

    let refused = at(55);
    assert_eq!(tokens_of(&refused, "AGV"), Vec::<String>::new());

    let one_yes = at(111);
    assert_eq!(tokens_of(&one_yes, "AGV"), Vec::<String>::new());
    assert_eq!(tokens_of(&one_yes, "EKB"), ["T3:0"]);

    let agv = at(112);
    assert_eq!(tokens_of(&agv, "AGV"), ["I2:0", "P7:0", "T3:0"]);
    for minor in ["EKB", "KSZ", "BKB"] {
        assert_eq!(tokens_of(&agv, minor), Vec::<String>::new(), "{minor}");
    }
    assert_eq!(closed(&agv), ["BKB", "EKB", "KSZ"]);
    // EKB's 3 is AGV's (KSZ's and BKB's 2s rusted with the first 4).
    assert_eq!(agv["trains"]["AGV"], serde_json::json!(["3"]));

    let hgk_refused = at(147);
    assert_eq!(tokens_of(&hgk_refused, "HGK"), ["J5:0"]);

    let one_hgk_yes = at(191);
    assert_eq!(tokens_of(&one_hgk_yes, "HGK"), ["J5:0"]);

    let hgk = at(192);
    assert_eq!(tokens_of(&hgk, "HGK"), ["J5:0", "L3:0", "O4:0"]);
    assert_eq!(closed(&hgk), ["BKB", "EKB", "KBE", "KFBE", "KSZ"]);
}
