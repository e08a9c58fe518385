//! A real WebDAV server for the tests of the compile cache's shared tier: Debian's nginx with
//! `libnginx-mod-http-dav-ext` (PROPFIND), started on 127.0.0.1 with its own prefix, root and
//! temporary files, and killed when dropped. nginx writes a PUT's body to its temporary
//! directory and renames it into place once whole, as a production WebDAV server does.
//!
//! [`Server::start`] gives `None` when nginx or the module is missing (the caller skips), except
//! under `CI=true`, where that fails the test (tools/test-all.sh installs both).

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const MODULE: &str = "/usr/lib/nginx/modules/ngx_http_dav_ext_module.so";

/// A running nginx serving `root()` over WebDAV.
pub struct Server {
    prefix: PathBuf,
    port: u16,
    child: Option<Child>,
    /// HTTP basic authentication's user and password, when asked for.
    user: Option<(String, String)>,
}

fn nginx() -> Option<PathBuf> {
    ["/usr/sbin/nginx", "/usr/bin/nginx"].iter().map(PathBuf::from).find(|p| p.is_file())
}

impl Server {
    /// Starts nginx with a fresh root under `prefix` (created; emptied first).
    pub fn start(prefix: &Path) -> Option<Server> {
        Server::start_as(prefix, None)
    }

    /// Starts nginx asking for HTTP basic authentication as `user` with `password`.
    pub fn start_with_user(prefix: &Path, user: &str, password: &str) -> Option<Server> {
        Server::start_as(prefix, Some((user.to_string(), password.to_string())))
    }

    fn start_as(prefix: &Path, user: Option<(String, String)>) -> Option<Server> {
        let (Some(_), true) = (nginx(), Path::new(MODULE).is_file()) else {
            assert!(
                !crate::on_ci(),
                "CI=true: nginx and libnginx-mod-http-dav-ext are needed (apt-get install nginx libnginx-mod-http-dav-ext; tools/test-all.sh does)"
            );
            eprintln!("skipped: no nginx with the WebDAV module (apt-get install nginx libnginx-mod-http-dav-ext)");
            return None;
        };
        let _ = std::fs::remove_dir_all(prefix);
        std::fs::create_dir_all(prefix.join("www")).unwrap();
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let mut server = Server { prefix: prefix.to_path_buf(), port, child: None, user };
        server.write_config();
        server.run();
        Some(server)
    }

    /// `http://127.0.0.1:PORT/PATH`.
    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}/{}", self.port, path.trim_start_matches('/'))
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The directory the server serves.
    pub fn root(&self) -> PathBuf {
        self.prefix.join("www")
    }

    /// Kills nginx at once (SIGKILL): nothing it was receiving is finished.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts nginx again on the same port and root.
    pub fn restart(&mut self) {
        self.kill();
        self.run();
    }

    fn write_config(&self) {
        let p = self.prefix.display();
        let auth = match &self.user {
            Some((user, password)) => {
                // nginx reads `{PLAIN}` passwords: no hashing tool is needed.
                std::fs::write(self.prefix.join("htpasswd"), format!("{user}:{{PLAIN}}{password}\n")).unwrap();
                format!("auth_basic \"air-stitch cache\"; auth_basic_user_file {p}/htpasswd;")
            }
            None => String::new(),
        };
        let config = format!(
            "load_module {MODULE};
daemon off;
master_process off;
worker_processes 1;
pid {p}/nginx.pid;
error_log {p}/error.log;
events {{ worker_connections 64; }}
http {{
  access_log {p}/access.log;
  client_body_temp_path {p}/body;
  proxy_temp_path {p}/proxy;
  fastcgi_temp_path {p}/fastcgi;
  uwsgi_temp_path {p}/uwsgi;
  scgi_temp_path {p}/scgi;
  client_max_body_size 0;
  server {{
    listen 127.0.0.1:{port};
    root {p}/www;
    location / {{
      {auth}
      dav_methods PUT DELETE MKCOL COPY MOVE;
      dav_ext_methods PROPFIND OPTIONS;
      create_full_put_path on;
      dav_access user:rw group:r all:r;
    }}
  }}
}}
",
            port = self.port,
        );
        std::fs::write(self.prefix.join("nginx.conf"), config).unwrap();
    }

    fn run(&mut self) {
        let nginx = nginx().unwrap();
        let child = Command::new(nginx)
            .arg("-p")
            .arg(&self.prefix)
            .arg("-c")
            .arg(self.prefix.join("nginx.conf"))
            .arg("-e")
            .arg(self.prefix.join("error.log"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(10);
        while TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            let exited = self.child.as_mut().and_then(|c| c.try_wait().ok().flatten());
            if exited.is_some() || Instant::now() > deadline {
                let log = std::fs::read_to_string(self.prefix.join("error.log")).unwrap_or_default();
                panic!("nginx did not start on port {}: {exited:?}\n{log}", self.port);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}
