//! One file to deploy: the `samiti` binary alone, copied into an empty folder and started
//! there, serves the whole site (its client is inside it, `main.rs` `BuiltClient`), on SQLite
//! and local files made in `./data` (docs/DEPLOY.md).
use std::{
    process::{Child, Command, Stdio},
    time::Duration,
};

use reqwest::StatusCode;

/// Stops the server when the test ends, however it ends.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

#[tokio::test]
async fn the_binary_alone_in_an_empty_folder_serves_the_whole_site() {
    let folder = tempfile::tempdir().unwrap();
    let binary = folder.path().join("samiti");
    std::fs::copy(env!("CARGO_BIN_EXE_samiti"), &binary).unwrap();
    let port = free_port();
    let _server = Running(
        Command::new(&binary)
            .arg("serve")
            .current_dir(folder.path())
            .env_clear()
            .env("SAMITI_BIND", format!("127.0.0.1:{port}"))
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let client = reqwest::Client::new();
    let url = |path: &str| format!("http://127.0.0.1:{port}{path}");
    let mut up = false;
    for _ in 0..100 {
        if client.get(url("/api/site")).send().await.is_ok_and(|r| r.status() == StatusCode::OK) {
            up = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(up, "the server starts in an empty folder");

    // The home page, prerendered in the visitor's language, and the assets it names.
    let home = client.get(url("/")).header("accept-language", "mr").send().await.unwrap();
    assert_eq!(home.status(), StatusCode::OK);
    let html = home.text().await.unwrap();
    assert!(!html.contains("not built"), "the binary carries no client: build the client before the server (scripts/test.sh does)");
    assert!(html.contains("lang=\"mr\""), "Marathi page: {}", &html[..html.len().min(300)]);
    assert!(html.contains("समाज सेवा समिती"), "the organisation's Marathi name");
    let asset = regex::Regex::new(r#"/assets/[A-Za-z0-9_.-]+\.js"#).unwrap().find(&html).expect("a script asset").as_str().to_owned();
    let script = client.get(url(&asset)).send().await.unwrap();
    assert_eq!(script.status(), StatusCode::OK);
    assert!(script.headers()["content-type"].to_str().unwrap().contains("javascript"));
    assert!(!script.bytes().await.unwrap().is_empty());
    // Another prerendered page, a client route, the manifest, a locale file and the API.
    let team = client.get(url("/managementTeam")).header("accept-language", "en").send().await.unwrap();
    assert_eq!(team.status(), StatusCode::OK);
    assert!(team.text().await.unwrap().contains("lang=\"en\""));
    let register = client.get(url("/adminLogin")).send().await.unwrap();
    assert_eq!(register.status(), StatusCode::OK);
    assert!(register.text().await.unwrap().contains("<div id=\"root\""));
    assert_eq!(client.get(url("/manifest.webmanifest")).send().await.unwrap().status(), StatusCode::OK);
    assert_eq!(client.get(url("/locales/mr/translation.json")).send().await.unwrap().status(), StatusCode::OK);
    // Everything it made is under ./data: the database, the secret, the client it unpacked.
    let data = folder.path().join("data");
    assert!(data.join("samiti.db").exists() && data.join("jwt_secret").exists());
    assert!(std::fs::read_dir(data.join("client")).unwrap().count() == 1, "one unpacked client");
}
