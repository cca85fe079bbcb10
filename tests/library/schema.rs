//! The JSON Schemas in `docs/` are made from the types that read and write
//! saved games and routes reports; this keeps the checked-in copies current.
//! Run with `HEXROUTE_BLESS=1` to rewrite them after changing a type.

use std::path::Path;

fn check(name: &str, schema: schemars::Schema) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs")
        .join(name);
    let fresh = serde_json::to_string_pretty(&schema).unwrap() + "\n";
    if std::env::var_os("HEXROUTE_BLESS").is_some() {
        std::fs::write(&path, &fresh).unwrap();
    }
    let saved = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        saved == fresh,
        "{} is out of date: run `HEXROUTE_BLESS=1 cargo test --test library schema`",
        path.display()
    );
}

#[test]
fn save_schema_is_current() {
    check("save.schema.json", hexroute::save::schema());
}

#[test]
fn routes_schema_is_current() {
    check("routes.schema.json", hexroute::routes::report::schema());
    check(
        "check.schema.json",
        hexroute::routes::report::check_schema(),
    );
}

/// The game file (`games/*.ron`, `--game-file`) as RON reads it, with the
/// types' doc comments as its descriptions: what a new title may write.
#[test]
fn game_file_schema_is_current() {
    check(
        "game-file.schema.json",
        schemars::schema_for!(hexroute::game::GameDef),
    );
}

/// `tiles`, `show`, `show --history`, `trains`, and a lay or a list of
/// lays with `--json`: each has its schema in `docs/`, made from its type.
#[test]
fn command_schemas_are_current() {
    let mut schemas = hexroute::report::schemas();
    assert_eq!(schemas.len(), 9);
    schemas.extend([
        ("review.schema.json", hexroute::review::schema()),
        (
            "review-action.schema.json",
            hexroute::review::detail_schema(),
        ),
        ("advise.schema.json", hexroute::advise::report::schema()),
        (
            "refused.schema.json",
            schemars::schema_for!(hexroute::import::x18::report::RefusedReport),
        ),
    ]);
    for (name, schema) in schemas {
        check(name, schema);
    }
}

/// The schemas describe what the program really writes: every fixture and
/// a routes report carry the fields the schema requires, and no others.
#[test]
fn schemas_name_the_fields_the_program_writes() {
    let save: serde_json::Value = serde_json::to_value(hexroute::save::schema()).unwrap();
    let required: Vec<&str> = save["required"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(required, ["hexroute", "game", "phase"]);
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/1867_bc.json");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture).unwrap()).unwrap();
    for key in saved.as_object().unwrap().keys() {
        assert!(
            save["properties"].get(key).is_some(),
            "the save schema lacks {key}"
        );
    }
    let routes: serde_json::Value =
        serde_json::to_value(hexroute::routes::report::schema()).unwrap();
    let company = &routes["$defs"]["CompanyRoutes"];
    assert_eq!(company["additionalProperties"], false);
    let mut fields: Vec<&str> = company["required"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    fields.sort();
    assert_eq!(
        fields,
        [
            "candidates",
            "company",
            "game",
            "optimal",
            "routes",
            "total"
        ]
    );
}
