use std::{io::IsTerminal, path::PathBuf};

use clap::{Parser, Subcommand};
use samiti::{
    app, auth, backup, bindings, uploads,
    config::Config,
    db,
    roles::{Role, Roles},
};

/// The organisation's website: public site, member services and administrator area.
#[derive(Parser)]
#[command(name = "samiti", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the site (applies pending migrations first).
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Create an administrator; the password is read from standard input or prompted for.
    CreateAdmin {
        #[arg(long)]
        email: String,
        /// A role (owner, content, communications, bookings, families, matrimony); repeat
        /// `--role` for several. An owner when none is given.
        #[arg(long = "role", value_parser = parse_role)]
        roles: Vec<Role>,
    },
    /// Write a backup of the whole site into one file (docs/DESIGN.md §13): every table, every
    /// stored file and a manifest of checksums. Safe while the site runs.
    Backup {
        /// The file to write, e.g. `samiti-backup.tar.gz`; it must not exist yet.
        #[arg(long)]
        out: PathBuf,
    },
    /// Restore a backup into an empty database and file store (or replace what is there with
    /// `--replace`); every checksum is checked before anything is written. Stop the site first.
    Restore {
        file: PathBuf,
        /// Replace the rows and files the target already holds.
        #[arg(long)]
        replace: bool,
    },
    /// Move the stored files to another store: `samiti storage migrate --to s3://bucket`.
    Storage {
        #[command(subcommand)]
        command: StorageCommand,
    },
    /// Print the OpenAPI document.
    Openapi,
    /// Write the TypeScript bindings (live events, validation rules) into a folder.
    Bindings {
        #[arg(default_value = "bindings")]
        dir: PathBuf,
    },
}

/// The built client, inside the binary: a release build is the whole site (web::unpack_client).
/// Build the client first (`scripts/release.sh`, `scripts/start.sh` and `scripts/test.sh` do): a
/// binary built before it holds none (and is not rebuilt when the folder appears later), and
/// then serves `SAMITI_STATIC_DIR`, by default `./frontend/dist`.
#[derive(rust_embed::RustEmbed)]
#[folder = "../frontend/dist"]
#[allow_missing = true]
struct BuiltClient;

fn built_client() -> Vec<samiti::web::ClientFile> {
    BuiltClient::iter()
        .filter_map(|path| {
            BuiltClient::get(&path).map(|file| samiti::web::ClientFile {
                path: path.into_owned(),
                sha256: file.metadata.sha256_hash(),
                bytes: file.data,
            })
        })
        .collect()
}

#[derive(Subcommand)]
enum StorageCommand {
    /// Copy every stored file from the configured store (`SAMITI_STORAGE_URL`, else the data
    /// folder) to `--to` (`s3://bucket[/prefix]` or a folder); files already there are kept.
    Migrate {
        #[arg(long)]
        to: String,
    },
}

fn main() -> anyhow::Result<()> {
    // Before the runtime's threads exist (src/memory.rs).
    samiti::memory::limit_arenas();
    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(run())
}

async fn run() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "samiti=info,tower_http=warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    match Cli::parse().command {
        Command::Serve => {
            let mut config = Config::from_env()?;
            if !config.static_dir_given {
                let files = built_client();
                if files.iter().any(|file| file.path == "index.html") {
                    config.static_dir = samiti::web::unpack_client(&config.data_dir, files)?;
                }
            }
            auth::password::configure(config.password_hashing);
            app::serve(config).await
        }
        Command::Migrate => {
            let config = Config::from_env()?;
            db::migrate(&db::connect(&config).await?).await
        }
        Command::CreateAdmin { email, roles } => {
            let roles = if roles.is_empty() { Roles::of(&[Role::Owner]) } else { Roles::of(&roles) };
            let config = Config::from_env()?;
            let password = read_password()?;
            let db = db::connect(&config).await?;
            db::migrate(&db).await?;
            match auth::create_admin_from_cli(&db, &email, password, roles).await {
                Ok(_) => {
                    eprintln!("Administrator {email} created ({}).", roles.to_text());
                    Ok(())
                }
                Err(samiti::error::Error::Validation(fields)) => {
                    anyhow::bail!("{}", fields.into_values().collect::<Vec<_>>().join(" "))
                }
                Err(err) => anyhow::bail!("{err}"),
            }
        }
        Command::Backup { out } => {
            anyhow::ensure!(!out.exists(), "{} exists already; name a new file", out.display());
            let config = Config::from_env()?;
            let db = db::connect(&config).await?;
            let files = uploads::Files::open(&config)?;
            let started = std::time::Instant::now();
            let taken = backup::take(db, files, out).await?;
            eprintln!(
                "Backup written to {} ({} bytes, {} rows, {} files) in {:.1} s.",
                taken.path.display(),
                taken.bytes,
                taken.manifest.tables.values().sum::<u64>(),
                taken.manifest.file_count(),
                started.elapsed().as_secs_f64()
            );
            for missing in &taken.manifest.missing_files {
                eprintln!("Not included (removed while the backup ran): {missing}");
            }
            Ok(())
        }
        Command::Restore { file, replace } => {
            let config = Config::from_env()?;
            let db = db::connect(&config).await?;
            let files = uploads::Files::open(&config)?;
            let restored = backup::restore(db, files, file.clone(), replace).await?;
            let manifest = &restored.manifest;
            eprintln!(
                "Restored {} ({} rows, {} files, taken {} on {}).",
                file.display(),
                manifest.tables.values().sum::<u64>(),
                manifest.file_count(),
                manifest.created_at.format("%Y-%m-%d %H:%M UTC"),
                manifest.database
            );
            if restored.migrated > 0 {
                eprintln!("The backup was of an older version: {} migrations applied after it.", restored.migrated);
            }
            Ok(())
        }
        Command::Storage { command: StorageCommand::Migrate { to } } => {
            let config = Config::from_env()?;
            let from = uploads::Files::open(&config)?;
            let target = if to.starts_with("s3://") { uploads::Files::bucket(&to, &config.s3)? } else { uploads::Files::folder(std::path::Path::new(&to))? };
            let moved = uploads::copy_all(&from, &target).await?;
            eprintln!(
                "{} files copied from {} to {} ({} were there already). Now set SAMITI_STORAGE_URL={to} and restart the site.",
                moved.copied, from.location, target.location, moved.present
            );
            Ok(())
        }
        Command::Openapi => {
            print!("{}", app::openapi_file());
            Ok(())
        }
        Command::Bindings { dir } => bindings::write(&dir),
    }
}

fn parse_role(name: &str) -> Result<Role, String> {
    Role::parse(name).ok_or_else(|| {
        let names: Vec<&str> = Role::ALL.iter().map(|role| role.name()).collect();
        format!("unknown role {name:?}; the roles are {}", names.join(", "))
    })
}

fn read_password() -> anyhow::Result<String> {
    if std::io::stdin().is_terminal() {
        Ok(rpassword::prompt_password("Password: ")?)
    } else {
        let mut line = String::new();
        std::io::stdin().read_line(&mut line)?;
        Ok(line.trim_end_matches(['\r', '\n']).to_owned())
    }
}
