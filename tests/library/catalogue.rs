//! Every catalogue and game file loads, and every tile's connectivity
//! agrees with its data at every rotation.

use hexroute::catalogue;
use hexroute::game;
use hexroute::geometry::{Face, Orientation, Rotation};
use hexroute::tile::{End, Tile};

fn all_tiles() -> Vec<Tile> {
    catalogue::EMBEDDED
        .iter()
        .flat_map(|(name, text)| catalogue::parse(text, name).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

fn tile(name: &str) -> Tile {
    all_tiles().into_iter().find(|t| t.name == name).unwrap()
}

#[test]
fn every_catalogue_and_game_loads() {
    assert!(all_tiles().len() > 250);
    for id in game::builtin_ids() {
        let g = game::builtin(id).unwrap();
        assert_eq!(g.id, id);
        for (name, _) in &g.tile_counts {
            assert!(g.tiles.contains_key(name));
        }
    }
    let g = game::builtin("1867").unwrap();
    assert_eq!(g.hexes.len(), 94, "the 1867 map has 94 hexes");
    assert_eq!(g.trains.len(), 9);
    assert_eq!(g.phases.len(), 7);
}

#[test]
fn tile_9_joins_opposite_faces_at_every_rotation() {
    let t = tile("9");
    for rot in Rotation::all() {
        let b = Face::Bottom.rotated(rot);
        assert!(
            t.joins(End::Face(b), End::Face(b.opposite()), rot),
            "rotation {rot}"
        );
        assert_eq!(t.faces(rot).len(), 2);
    }
}

#[test]
fn tile_57_runs_bottom_to_top_through_a_20_city() {
    let t = tile("57");
    assert_eq!(t.cities.len(), 1);
    assert_eq!(t.cities[0].revenue, 20);
    assert_eq!(t.token_spaces(), 1);
    for rot in Rotation::all() {
        let city = End::City(0);
        let mut expected = vec![
            End::Face(Face::Top.rotated(rot)),
            End::Face(Face::Bottom.rotated(rot)),
        ];
        expected.sort();
        assert_eq!(t.neighbours(city, rot), expected);
        assert!(
            !t.joins(expected[0], expected[1], rot),
            "the faces meet only through the city"
        );
    }
}

#[test]
fn tile_14_joins_four_faces_through_one_two_space_city() {
    let t = tile("14");
    assert_eq!(t.cities.len(), 1);
    assert_eq!(t.cities[0].spaces, 2);
    assert_eq!(t.cities[0].revenue, 30);
    assert_eq!(t.neighbours(End::City(0), Rotation::ZERO).len(), 4);
    assert_eq!(t.neighbours(End::City(0), Rotation::new(2)).len(), 4);
}

#[test]
fn rotation_turns_every_tile_consistently() {
    for t in all_tiles() {
        for rot in Rotation::all() {
            // Each rotated piece is the unrotated piece with faces turned.
            for (raw, turned) in t.track.iter().zip(t.track_rotated(rot)) {
                assert_eq!(turned.a, raw.a.rotated(rot), "{}", t.name);
                assert_eq!(turned.b, raw.b.rotated(rot), "{}", t.name);
                assert!(t.joins(turned.a, turned.b, rot));
            }
            // Six turns of one step come back to the start.
            let mut faces = t.faces(Rotation::ZERO);
            for _ in 0..6 {
                faces = faces.iter().map(|f| f.rotated(Rotation::new(1))).collect();
            }
            faces.sort();
            assert_eq!(faces, t.faces(Rotation::ZERO), "{}", t.name);
        }
        for (ix, city) in t.cities.iter().enumerate() {
            assert!(city.spaces <= 4);
            let spaces = t.spaces_of_city(ix);
            for s in spaces.clone() {
                assert_eq!(t.city_of_space(s), Some(ix));
            }
        }
        assert_eq!(t.city_of_space(t.token_spaces()), None);
    }
}

#[test]
fn montreal_yellow_has_three_cities_two_with_track() {
    let g = game::builtin("1867").unwrap();
    let t = &g.tiles["Montreal"];
    assert_eq!(t.cities.len(), 3);
    assert_eq!(
        t.neighbours(End::City(0), Rotation::ZERO),
        vec![End::Face(Face::LowerLeft)]
    );
    assert_eq!(
        t.neighbours(End::City(1), Rotation::ZERO),
        vec![End::Face(Face::Top)]
    );
    assert!(t.neighbours(End::City(2), Rotation::ZERO).is_empty());
}

/// Tile descriptions read in compass sides of the map (a test of `tile`
/// that needs the catalogue's tiles, so it sits above both).
#[test]
fn track_reads_in_compass_sides_of_the_map() {
    let tile = |name: &str| -> Tile {
        let text = catalogue::embedded("standard").unwrap();
        let tiles = catalogue::parse(text, "standard").unwrap();
        tiles.into_iter().find(|t| t.name == name).unwrap()
    };
    let flat = Orientation::FlatTop;
    let pointed = Orientation::PointedTop;
    assert_eq!(tile("57").describe(Rotation::ZERO, flat), "city: N, S");
    assert_eq!(tile("57").describe(Rotation::ZERO, pointed), "city: NE, SW");
    assert_eq!(tile("9").describe(Rotation::new(1), flat), "NE-SW");
    assert_eq!(tile("9").describe(Rotation::new(1), pointed), "E-W");
    // The same shape reads the same, however its pieces are written.
    assert_eq!(
        tile("57").describe(Rotation::new(3), flat),
        tile("57").describe(Rotation::ZERO, flat)
    );
}

/// A piece of track in lanes (18xx.games's `lanes`, `a_lane`): 18MEX's
/// brown Mexico City runs two lanes to its city from the side it shares
/// with Puebla, whose tile takes one to its town and one past it; across
/// the side each faces the other tile's lane width - 1 - i.
#[test]
fn lanes_of_a_side_are_pieces_of_their_own() {
    use hexroute::tile::Lane;
    let lane = |width, index| Lane { width, index };
    let mc = tile("485MC");
    let side = End::Face(Face::LowerRight);
    let mut lanes: Vec<Lane> = mc
        .track
        .iter()
        .filter(|t| t.touches(side))
        .map(|t| t.lane_at(side))
        .collect();
    lanes.sort();
    assert_eq!(lanes, [lane(2, 0), lane(2, 1)]);
    let puebla = tile("485P");
    let facing = End::Face(Face::UpperLeft);
    let to_town = puebla
        .track
        .iter()
        .find(|t| t.touches(End::Town(0)) && t.touches(facing));
    let past = puebla
        .track
        .iter()
        .find(|t| t.touches(End::Face(Face::UpperRight)));
    assert_eq!(to_town.unwrap().lane_at(facing), lane(2, 1));
    assert_eq!(past.unwrap().lane_at(facing), lane(2, 0));
    assert!(lane(2, 0).meets(lane(2, 1)) && !lane(2, 0).meets(lane(2, 0)));
    // Lanes are checked as the catalogue is read.
    let bad = [
        ("(Top, City(0), (lanes: 0))", "0 lanes"),
        (
            "(Top, City(0), (lanes: 2, a: (2, 1)))",
            "`lanes` with `a` or `b`",
        ),
        ("(Top, City(0), (b: (2, 0)))", "which is no side"),
        ("(Top, City(0), (a: (2, 2)))", "lane 2 of 2"),
    ];
    for (piece, says) in bad {
        let text = format!(
            "[(name: \"L\", colour: Yellow, cities: [(revenue: 10, spaces: 1)], track: [{piece}])]"
        );
        let e = hexroute::catalogue::parse(&text, "lanes.ron")
            .unwrap_err()
            .to_string();
        assert!(e.contains(says), "{piece}: {e}");
    }
}
