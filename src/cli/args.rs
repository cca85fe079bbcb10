//! The clap types of every option group that commands share or that is
//! large enough to have a type of its own (`RoutesArgs`, `EditArgs`, …),
//! with the parsers of their values. `mod.rs` holds the commands.

use clap::ValueEnum;
use hexroute::routes::request::{Bonuses, ConnectionBonus, Runners, VisitBonus};
use std::path::{Path, PathBuf};

/// Picture size and format, shared by every command that draws.
#[derive(clap::Args, Debug)]
pub struct PictureArgs {
    /// Hex radius (centre to corner) in pixels, 4 to 400; the default suits a full map.
    #[arg(long, value_name = "PX", value_parser = hex_size)]
    pub hex_size: Option<f64>,
    /// The picture format (default: from the output file's extension).
    #[arg(long, value_enum, ignore_case = true)]
    pub format: Option<PictureFormat>,
}

/// Picture formats, all drawn by the same code.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum PictureFormat {
    Png,
    Svg,
    Pdf,
}

impl From<PictureFormat> for hexroute::render::Format {
    fn from(f: PictureFormat) -> Self {
        match f {
            PictureFormat::Png => hexroute::render::Format::Png,
            PictureFormat::Svg => hexroute::render::Format::Svg,
            PictureFormat::Pdf => hexroute::render::Format::Pdf,
        }
    }
}

/// What shows behind the map.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Background {
    White,
    Transparent,
}

/// `--rotate`: a clockwise turn in 60° steps.
fn rotation(text: &str) -> Result<u8, String> {
    match text.trim().parse::<u8>() {
        Ok(n) if n <= 5 => Ok(n),
        _ => Err(format!("rotation {text} is not 0-5 (clockwise 60° steps)")),
    }
}

/// `--at`, `--action`: an action id of a record, numbered from 1.
pub fn action_id(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("a record's actions are numbered from 1; 0 names none".into()),
        Ok(id) => Ok(id),
        Err(_) => Err(format!(
            "\"{text}\" is not an action id (a whole number from 1)"
        )),
    }
}

/// `--time-limit`: a positive number of seconds.
fn seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() && s <= 1e9 => Ok(s),
        _ => Err(format!("\"{text}\" is not a positive number of seconds")),
    }
}

/// `--hex-size`: a radius a picture can be drawn at.
fn hex_size(text: &str) -> Result<f64, String> {
    let size: f64 = text
        .parse()
        .map_err(|_| format!("\"{text}\" is not a number of pixels"))?;
    if !(4.0..=400.0).contains(&size) {
        return Err(format!("{size} is out of range (4 to 400 pixels)"));
    }
    Ok(size)
}

#[derive(clap::Args, Debug)]
pub struct RenderArgs {
    /// Saved game (`-` for standard input).
    pub file: PathBuf,
    /// Picture to write (`-` for standard output, then give --format).
    #[arg(short, long, value_name = "PICTURE")]
    pub output: PathBuf,
    #[command(flatten)]
    pub picture: PictureArgs,
    /// Only the hexes between two corners, e.g. C10:N18, plus a margin.
    #[arg(long, value_name = "FROM:TO", value_parser = str::parse::<Crop>)]
    pub crop: Option<Crop>,
    /// What shows behind the map.
    #[arg(long, value_enum, default_value_t = Background::White)]
    pub background: Background,
    /// Leave out the letters and numbers on the map edges.
    #[arg(long)]
    pub no_coords: bool,
    /// Draw the routes from `hexroute routes --json` output over the map.
    #[arg(long, value_name = "JSON")]
    pub routes: Option<PathBuf>,
    /// Write one self-contained web page (also chosen by an .html name):
    /// the map, each company's and train's route shown or hidden by a
    /// check box, and each stop's name and value on hover.
    #[arg(long)]
    pub html: bool,
}

/// `place` and `upgrade`.
#[derive(clap::Args, Debug)]
pub struct LayArgs {
    #[command(flatten)]
    pub edit: EditArgs,
    /// Hex address, e.g. M9.
    pub hex: String,
    /// Tile name, e.g. 57 (not with --list).
    #[arg(required_unless_present = "list")]
    pub tile: Option<String>,
    /// Clockwise turn in 60° steps (0-5); omitted: the only legal one.
    #[arg(short, long, value_name = "N", value_parser = rotation)]
    pub rotate: Option<u8>,
    /// The company laying the tile: also checks that it can reach the new
    /// track (the game's tile-lay rule).
    #[arg(short, long)]
    pub company: Option<String>,
    /// Lay through a private company's special ability (name or
    /// abbreviation, e.g. "Mitsubishi Ferry" or MF): its hexes and tiles
    /// only, exempt from the rules it waives.
    #[arg(short, long, value_name = "NAME")]
    pub private: Option<String>,
    /// List every legal tile and rotation, where tokens go and the cost;
    /// changes nothing.
    #[arg(long, conflicts_with_all = ["rotate", "force", "output"])]
    pub list: bool,
    /// Print JSON: the list with --list, else the lay made (tile, rotation,
    /// tokens, cost).
    #[arg(long)]
    pub json: bool,
    /// With --list, also draw the legal lays into this picture (.png, .svg
    /// or .pdf): each tile at its rotation, captioned tile, rotation, cost.
    #[arg(long, value_name = "FILE", requires = "list")]
    pub render: Option<PathBuf>,
}

/// A late-game move by hand: the companies it takes, or `--list`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub edit: EditArgs,
    /// The companies (abbreviations, e.g. LPS CA).
    #[arg(required_unless_present = "list")]
    pub companies: Vec<String>,
    /// List the companies the title's rules let the move take now, and
    /// why not the others; changes nothing.
    #[arg(long, conflicts_with_all = ["force", "output", "dry_run"])]
    pub list: bool,
}

/// `--pay`: a dividend choice.
#[derive(Copy, Clone, Debug, clap::ValueEnum)]
pub enum PayArg {
    Full,
    Half,
    Withhold,
}

impl From<PayArg> for hexroute::dividend::Pay {
    fn from(p: PayArg) -> Self {
        match p {
            PayArg::Full => hexroute::dividend::Pay::Full,
            PayArg::Half => hexroute::dividend::Pay::Half,
            PayArg::Withhold => hexroute::dividend::Pay::Withhold,
        }
    }
}

/// Arguments every map-changing command takes.
#[derive(clap::Args, Debug)]
pub struct EditArgs {
    /// Saved game, changed in place (`-`: read standard input, write standard output).
    pub file: PathBuf,
    /// Write the changed game here instead of back to FILE (`-` for standard output).
    #[arg(short, long, value_name = "OUT", global = false)]
    pub output: Option<PathBuf>,
    /// Record the change even if the game's rules forbid it (house rules,
    /// fixing a mistake); what cannot exist is still refused. Also lets `-o`
    /// replace a file that is not a saved game. (Each command says what it
    /// forces: see `force_help`.)
    #[arg(long)]
    pub force: bool,
    /// Check the change and say what it would do, but write nothing.
    #[arg(short = 'n', long)]
    pub dry_run: bool,
    /// Print no confirmation line.
    #[arg(short, long)]
    pub quiet: bool,
}

impl RoutesArgs {
    /// Which companies run, with which trains.
    pub fn runners(&self) -> Runners {
        match &self.company {
            Some(company) if !self.all => Runners::One {
                company: company.clone(),
                trains: (!self.trains.is_empty()).then(|| self.trains.clone()),
            },
            _ => Runners::All,
        }
    }

    /// The bonuses asked for beside the game's always-on ones.
    pub fn bonuses(&self) -> Bonuses {
        Bonuses {
            named: self.bonuses.clone(),
            visits: self.visit_bonuses.clone(),
            connections: self.connection_bonuses.clone(),
        }
    }
}

impl EditArgs {
    /// Where the changed game goes: `--output`, else back to FILE.
    pub fn target(&self) -> &Path {
        self.output.as_deref().unwrap_or(&self.file)
    }
}

/// `routes`: one of `--company` and `--all` is needed, and the usage
/// error says so.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("who").required(true).args(["company", "all"])))]
pub struct RoutesArgs {
    /// Saved games (`-` for standard input). With several, each is solved
    /// in parallel and `--json` prints one line per file and company.
    #[arg(required = true, num_args = 1.., value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Company abbreviation, e.g. GWR.
    #[arg(short, long)]
    pub company: Option<String>,
    /// Trains to run, comma-separated game train names (e.g. 5,5+5E);
    /// default: the company's trains in the saved game.
    #[arg(short, long, value_delimiter = ',', conflicts_with = "all")]
    pub trains: Vec<String>,
    /// How the revenue is paid: full, half (1867, 1861 majors) or withhold;
    /// minors of 1867 and 1861 always split with their owner.
    #[arg(long, value_enum, value_name = "HOW")]
    pub pay: Option<PayArg>,
    /// Every company that has tokens and trains in the saved game, in parallel.
    #[arg(long)]
    pub all: bool,
    /// Apply an optional bonus of the game by name (repeatable), e.g. "Montreal Bridge".
    #[arg(long = "bonus", value_name = "NAME")]
    pub bonuses: Vec<String>,
    /// Ad-hoc visit bonus: stopping at HEX earns AMOUNT (repeatable), e.g. H10=10.
    #[arg(long = "visit-bonus", value_name = "HEX=AMOUNT", value_parser = str::parse::<VisitBonus>)]
    pub visit_bonuses: Vec<VisitBonus>,
    /// Ad-hoc connection bonus: a route stopping at FROM and at any of TO earns AMOUNT,
    /// e.g. K13:H10,L12=100 (repeatable).
    #[arg(long = "connection-bonus", value_name = "FROM:TO,..=AMOUNT", value_parser = str::parse::<ConnectionBonus>)]
    pub connection_bonuses: Vec<ConnectionBonus>,
    /// Print JSON for scripts instead of text.
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(short, long)]
    pub quiet: bool,
    /// Also draw the routes over the map into this picture (.png, .svg or .pdf).
    #[arg(long, value_name = "FILE")]
    pub render: Option<PathBuf>,
    /// Stop proving optimality after this many seconds and print the best
    /// routes found so far, marked "not proven optimal" (`"optimal": false`
    /// in --json). Without it the search runs to the proof.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub time_limit: Option<f64>,
    /// Price routes you chose instead of searching (repeatable): TRAIN:HEX-HEX-…,
    /// the hexes of every stop in travel order (e.g. 5:E5-F6-G7), or a
    /// `routes --json` file (`-` for standard input). Says whether each is valid
    /// (or the rule it breaks), each stop's value, the total and the gap to the best.
    #[arg(long, value_name = "ROUTE", requires = "company", conflicts_with_all = ["all", "render", "time_limit", "pay"], value_parser = str::parse::<CheckArg>)]
    pub check: Vec<CheckArg>,
}

/// A route to price: `TRAIN:HEX-HEX-…`, or a file of routes.
#[derive(Clone, Debug)]
pub enum CheckArg {
    Route { train: String, stops: Vec<String> },
    File(PathBuf),
}

impl std::str::FromStr for CheckArg {
    type Err = String;

    fn from_str(text: &str) -> std::result::Result<CheckArg, String> {
        let Some((train, stops)) = text.split_once(':') else {
            return Ok(CheckArg::File(PathBuf::from(text)));
        };
        let stops: Vec<String> = stops.split('-').map(|h| h.trim().to_string()).collect();
        // One stop is a pullman's (18EU's P:A10); the check refuses it for
        // any other train.
        if train.trim().is_empty() || stops.iter().any(String::is_empty) {
            return Err(format!(
                "\"{text}\" is not TRAIN:HEX-HEX-… (a train and its stops, e.g. 5:E5-F6-G7, or a pullman's one, P:A10)"
            ));
        }
        Ok(CheckArg::Route {
            train: train.trim().to_string(),
            stops,
        })
    }
}

/// `--crop C10:N18`: two corner hexes as typed; they become hexes of a
/// game's map once the save says which game.
#[derive(Clone, Debug)]
pub struct Crop {
    pub from: String,
    pub to: String,
}

impl std::str::FromStr for Crop {
    type Err = String;

    fn from_str(text: &str) -> Result<Crop, String> {
        match text.split_once(':') {
            Some((from, to)) if !from.is_empty() && !to.is_empty() => Ok(Crop {
                from: from.into(),
                to: to.into(),
            }),
            _ => Err("expected two corners like C10:N18".into()),
        }
    }
}

impl std::fmt::Display for Crop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.from, self.to)
    }
}

/// `advise`: which company, which trains, what to rank, how to show it.
#[derive(clap::Args, Debug)]
pub struct AdviseArgs {
    /// Saved game (`-` for standard input).
    pub file: PathBuf,
    /// The company that lays, e.g. PRR.
    #[arg(short, long)]
    pub company: String,
    /// Trains to run, comma-separated (e.g. 5,5+5E); default: the company's trains.
    #[arg(short, long, value_delimiter = ',')]
    pub trains: Vec<String>,
    /// How many options to list, best first (0: every legal one).
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub top: usize,
    /// Also rank token placements (at the title's token prices): alone,
    /// and after the best turn's lays.
    #[arg(long)]
    pub token: bool,
    /// Add this private company's lay (its name or sym) to the turn, first.
    #[arg(long, value_name = "NAME")]
    pub private: Option<String>,
    /// At most N lays in a turn (default: the title's turn, e.g. 1846's two).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=4))]
    pub lays: Option<u8>,
    /// This is the company's first operating turn: use the lays the title
    /// gives a first turn (18MS's two; 18AL's and 18GA's two yellows,
    /// 18TN's and 18MEX's three, under their first-round optional rules). A
    /// save cannot tell a company's first turn; refused where the title
    /// gives none.
    #[arg(long)]
    pub first_turn: bool,
    /// Print JSON for scripts instead of a table (schema: docs/advise.schema.json).
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(short, long)]
    pub quiet: bool,
    /// Draw the best option's tiles and routes over the map, its laid hexes
    /// outlined (.png, .svg or .pdf).
    #[arg(long, value_name = "FILE")]
    pub render: Option<PathBuf>,
}
