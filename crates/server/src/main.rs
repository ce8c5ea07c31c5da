//! `healthtracker`: serve the app, migrate the database, or analyse a report offline.

use anyhow::Context;
use clap::{Parser, Subcommand};
use healthtracker::{Application, Settings};
use tracing_subscriber::EnvFilter;

#[derive(Parser)]
#[command(name = "healthtracker", version, about = "Health Tracker Pro: lab reports read, flagged and explained")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Apply pending database migrations, then serve the API and the web app.
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Read a lab report offline and print its results (no database, no network).
    Analyze {
        /// The report: a PDF, JPG or PNG.
        file: std::path::PathBuf,
        /// Print exactly one JSON object instead of a table.
        #[arg(long)]
        json: bool,
        /// Diet for the food advice: veg or nonveg.
        #[arg(long, default_value = "nonveg", value_parser = ["veg", "nonveg"])]
        diet: String,
        /// Add Pro journeys (situation, risks, plans, action steps, 7-day diet plan).
        #[arg(long)]
        pro: bool,
        /// Cuisines for the diet plan: indian, middle_eastern, western, chinese, japanese,
        /// mediterranean (several allowed).
        #[arg(long, num_args = 1.., value_parser = parse_cuisine)]
        cuisine: Vec<ht_reports::Cuisine>,
    },
}

fn parse_cuisine(s: &str) -> Result<ht_reports::Cuisine, String> {
    ht_reports::Cuisine::parse(s).ok_or_else(|| {
        format!("unknown cuisine {s:?}; choose from indian, middle_eastern, western, chinese, japanese, mediterranean")
    })
}

fn init_tracing() {
    // sqlx logs every statement at INFO; keep it to warnings.
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn,actix_server=warn"));
    tracing_subscriber::fmt().with_env_filter(filter).with_target(false).init();
}

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    init_tracing();
    let cli = Cli::parse();
    if let Command::Analyze { file, json, diet, pro, cuisine } = &cli.command {
        // A message, never a backtrace, whatever RUST_BACKTRACE says: this is a user's error.
        let analysis = match healthtracker::analyze::analyze(file) {
            Ok(analysis) => analysis,
            Err(e) => {
                eprintln!("error: {e:#}");
                std::process::exit(1);
            }
        };
        let profile = ht_recommendations::Profile {
            diet: ht_reports::DietPreference::parse_or_default(diet),
            cuisines: cuisine.clone(),
            pro: *pro,
        };
        if *json {
            println!("{}", analysis.to_json(&profile));
        } else {
            print!("{}", analysis.to_table(&profile));
        }
        return Ok(());
    }
    let settings = Settings::from_env().context("invalid settings")?;
    match cli.command {
        Command::Serve => {
            let app = Application::build(settings).await?;
            tracing::info!("Health Tracker Pro listening on http://{}", app.address());
            app.run().await?;
        }
        Command::Migrate => {
            let db = ht_sql::connect(&settings.database_url).await?;
            ht_sql::migrate(&db).await?;
            tracing::info!("database is up to date");
        }
        Command::Analyze { .. } => {}
    }
    Ok(())
}
