use std::{io::IsTerminal, path::PathBuf};

use clap::{Parser, Subcommand};
use samiti::{
    app, auth, bindings,
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
    /// Print the OpenAPI document.
    Openapi,
    /// Write the TypeScript bindings (live events, validation rules) into a folder.
    Bindings {
        #[arg(default_value = "bindings")]
        dir: PathBuf,
    },
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "samiti=info,tower_http=warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    match Cli::parse().command {
        Command::Serve => {
            let config = Config::from_env()?;
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
