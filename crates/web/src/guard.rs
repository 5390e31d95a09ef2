//! What keeps other web sites from driving the studio: one middleware layer over every route.
//!
//! - **Host.** A request must name the studio by an address it serves: `localhost`,
//!   `127.0.0.1` or `[::1]`, or the address given to `--host`, with the port listened on
//!   (written or not when it is 80); when listening on every address (`0.0.0.0`, `::`), any
//!   address written as numbers; and any name given to `--allow-host` (with any port, or only
//!   the one written with it). Anything else is refused (403), so a name of another site that
//!   its owner points at this machine (DNS rebinding) reaches nothing. A request without a
//!   `Host` (HTTP/1.0) is served: browsers always send one.
//! - **Changes.** A request that may change something (any method but `GET`, `HEAD` and
//!   `OPTIONS`) must say `Content-Type: application/json` (415 otherwise), which a page of
//!   another site cannot send without asking first, and a plain form cannot send at all; its
//!   `Origin`, when given, must be the studio itself, and its `Sec-Fetch-Site`, when given,
//!   not `cross-site` (403 otherwise).
//! - **Headers.** Every answer says `Content-Security-Policy` ([`POLICY`]: scripts and styles
//!   only from the studio's own files, never in a frame), `X-Content-Type-Options: nosniff`,
//!   `Referrer-Policy: same-origin`, `X-Frame-Options: DENY` and
//!   `Cross-Origin-Resource-Policy: same-origin`.
//!
//! Refusals under `/api/` are `{"error"}` in words, as every API error; elsewhere plain text.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::api::{ApiError, read_body};

/// The `Content-Security-Policy` of every answer. The pages load their scripts and stylesheet
/// from `/assets/` and pictures from the studio's own addresses; nothing inline runs.
pub const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";

/// The addresses a request may name and what refusals need to say.
#[derive(Debug, Clone)]
pub struct Hosts {
    /// The address listened on (its port the one a request must name).
    served: SocketAddr,
    /// Names given by the user (lower case), each with a port or `None` for any.
    allowed: Vec<(String, Option<u16>)>,
    /// The largest body read before a refusal (see [`read_body`]).
    body_limit: usize,
}

impl Hosts {
    /// The hosts of a studio listening on `served`, with the names in `allowed` (`NAME` or
    /// `NAME:PORT`) also accepted.
    ///
    /// ```
    /// let hosts = ludoforge_web::guard::Hosts::new(
    ///     "127.0.0.1:8080".parse().unwrap(),
    ///     &["studio.example".to_string()],
    ///     1 << 20,
    /// );
    /// assert!(hosts.allows("localhost:8080"));
    /// assert!(hosts.allows("[::1]:8080"));
    /// assert!(hosts.allows("studio.example:443"));
    /// assert!(!hosts.allows("localhost:9999"));
    /// assert!(!hosts.allows("evil.example:8080"));
    /// ```
    #[must_use]
    pub fn new(served: SocketAddr, allowed: &[String], body_limit: usize) -> Hosts {
        let allowed = allowed
            .iter()
            .filter_map(|name| split(name))
            .map(|(name, port)| (name.to_ascii_lowercase(), port))
            .collect();
        Hosts {
            served,
            allowed,
            body_limit,
        }
    }

    /// Whether `authority` (a `Host` header's value, `name[:port]`) names this studio.
    #[must_use]
    pub fn allows(&self, authority: &str) -> bool {
        let Some((name, port)) = split(authority) else {
            return false;
        };
        let name = name.to_ascii_lowercase();
        if self
            .allowed
            .iter()
            .any(|(n, p)| *n == name && p.is_none_or(|p| Some(p) == port))
        {
            return true;
        }
        let ours = port.unwrap_or(80) == self.served.port();
        let ip = name
            .strip_prefix('[')
            .and_then(|n| n.strip_suffix(']'))
            .unwrap_or(&name)
            .parse::<IpAddr>()
            .ok();
        let named = match ip {
            None => name == "localhost",
            Some(ip) => {
                ip.is_loopback() || ip == self.served.ip() || self.served.ip().is_unspecified()
            }
        };
        ours && named
    }

    /// The address to open the studio at, for messages.
    fn home(&self) -> String {
        let ip = self.served.ip();
        let ip = if ip.is_unspecified() {
            IpAddr::from([127, 0, 0, 1])
        } else {
            ip
        };
        format!("http://{}/", SocketAddr::new(ip, self.served.port()))
    }

    /// The refusal of a request addressed to `named`.
    fn foreign_host(&self, named: &str) -> String {
        let named: String = named.chars().take(100).collect();
        format!(
            "this studio serves {}, not {named:?}: open {}; if {named:?} leads here (a name \
             of this machine, or a proxy in front of it), start the studio with \
             --allow-host {}",
            self.served,
            self.home(),
            split(&named).map_or("NAME", |(name, _)| name),
        )
    }
}

/// `name[:port]` (an IPv6 address in brackets) into its name and port; `None` when the port
/// cannot be read.
fn split(authority: &str) -> Option<(&str, Option<u16>)> {
    let authority = authority.trim();
    let (name, port) = if authority.starts_with('[') {
        let end = authority.find(']')?;
        let (name, rest) = authority.split_at(end + 1);
        match rest.strip_prefix(':') {
            Some(port) => (name, Some(port)),
            None if rest.is_empty() => (name, None),
            None => return None,
        }
    } else {
        match authority.rsplit_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (authority, None),
        }
    };
    if name.is_empty() {
        return None;
    }
    match port {
        None => Some((name, None)),
        Some(port) => port.parse().ok().map(|p| (name, Some(p))),
    }
}

/// Whether this method may change something.
fn changes(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// Whether a `Content-Type` is JSON (`application/json`, with parameters or not).
fn is_json(kind: &HeaderValue) -> bool {
    kind.to_str().is_ok_and(|kind| {
        kind.split(';')
            .next()
            .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
    })
}

/// A header's value as text, if it is.
fn text<'h>(headers: &'h HeaderMap, name: &HeaderName) -> Option<&'h str> {
    headers
        .get(name)
        .map(|v| v.to_str().unwrap_or("(not text)"))
}

/// Why a request is refused, if it is.
fn refusal(hosts: &Hosts, request: &Request) -> Option<(StatusCode, String)> {
    let headers = request.headers();
    let host =
        text(headers, &header::HOST).or_else(|| request.uri().authority().map(|a| a.as_str()));
    if let Some(host) = host
        && !hosts.allows(host)
    {
        return Some((StatusCode::FORBIDDEN, hosts.foreign_host(host)));
    }
    let method = request.method();
    if !changes(method) {
        return None;
    }
    let what = format!("{method} {}", request.uri().path());
    match headers.get(header::CONTENT_TYPE) {
        Some(kind) if is_json(kind) => {}
        kind => {
            let sent = kind.map_or("no Content-Type".to_string(), |k| {
                format!("Content-Type {:?}", k.to_str().unwrap_or("(not text)"))
            });
            return Some((
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                format!(
                    "{what} came with {sent}: send the request as JSON with \
                     Content-Type: application/json (the studio's own pages do)"
                ),
            ));
        }
    }
    let own_pages = format!(
        "only the studio's own pages may change anything here: open {}",
        hosts.home()
    );
    if let Some(origin) = text(headers, &header::ORIGIN) {
        let authority = origin
            .strip_prefix("http://")
            .or_else(|| origin.strip_prefix("https://"));
        let same = authority.is_some_and(|a| {
            hosts.allows(a) && host.is_none_or(|h| h.trim().eq_ignore_ascii_case(a))
        });
        if !same {
            let origin: String = origin.chars().take(100).collect();
            return Some((
                StatusCode::FORBIDDEN,
                format!("{what} came from a page of {origin:?}: {own_pages}"),
            ));
        }
    }
    if text(headers, &HeaderName::from_static("sec-fetch-site")) == Some("cross-site") {
        return Some((
            StatusCode::FORBIDDEN,
            format!("{what} came from another site's page: {own_pages}"),
        ));
    }
    None
}

/// The security headers every answer carries.
fn protect(headers: &mut HeaderMap) {
    let set = [
        (header::CONTENT_SECURITY_POLICY, POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "same-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (
            HeaderName::from_static("cross-origin-resource-policy"),
            "same-origin",
        ),
    ];
    for (name, value) in set {
        headers.insert(name, HeaderValue::from_static(value));
    }
}

/// The middleware: refuses what the module's summary says, and adds the headers to every answer.
pub async fn guard(State(hosts): State<Arc<Hosts>>, request: Request, next: Next) -> Response {
    let mut response = match refusal(&hosts, &request) {
        None => next.run(request).await,
        Some((status, message)) => {
            let api = request.uri().path() == "/api" || request.uri().path().starts_with("/api/");
            // The body is read (up to a bound) before answering, as the routes do: a client
            // that sends all of it before reading would otherwise lose the answer.
            let _ = read_body(request.into_body(), hosts.body_limit).await;
            if api {
                ApiError::new(status, message).into_response()
            } else {
                (
                    status,
                    [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
                    Body::from(message),
                )
                    .into_response()
            }
        }
    };
    protect(response.headers_mut());
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hosts(served: &str, allowed: &[&str]) -> Hosts {
        let allowed: Vec<String> = allowed.iter().map(ToString::to_string).collect();
        Hosts::new(served.parse().unwrap(), &allowed, 1024)
    }

    #[test]
    fn loopback_names_with_the_port_served() {
        let h = hosts("127.0.0.1:8080", &[]);
        for ok in [
            "localhost:8080",
            "LOCALHOST:8080",
            "127.0.0.1:8080",
            "[::1]:8080",
        ] {
            assert!(h.allows(ok), "{ok}");
        }
        for no in [
            "localhost",
            "localhost:80",
            "localhost:8081",
            "evil.example:8080",
            "evil.example",
            "localhost.evil.example:8080",
            "192.168.1.5:8080",
            "127.0.0.1:8080:1",
            "[::1:8080",
            ":8080",
            "",
        ] {
            assert!(!h.allows(no), "{no}");
        }
        // Port 80 may go unwritten, as browsers do.
        assert!(hosts("127.0.0.1:80", &[]).allows("localhost"));
    }

    #[test]
    fn the_address_served_and_names_allowed() {
        let h = hosts(
            "192.168.1.5:9000",
            &["studio.example", "proxy.example:8443"],
        );
        assert!(h.allows("192.168.1.5:9000"));
        assert!(!h.allows("192.168.1.6:9000"));
        assert!(h.allows("studio.example"));
        assert!(h.allows("Studio.Example:1234"));
        assert!(h.allows("proxy.example:8443"));
        assert!(!h.allows("proxy.example"));
        // On every address, any address in numbers: a page of another site cannot name one.
        let any = hosts("0.0.0.0:9000", &[]);
        assert!(any.allows("10.0.0.7:9000"));
        assert!(any.allows("[fe80::1]:9000"));
        assert!(!any.allows("evil.example:9000"));
    }

    #[test]
    fn only_json_content_types() {
        for ok in ["application/json", "Application/JSON; charset=utf-8"] {
            assert!(is_json(&HeaderValue::from_static(ok)), "{ok}");
        }
        for no in [
            "text/plain",
            "application/jsonx",
            "application/x-www-form-urlencoded",
        ] {
            assert!(!is_json(&HeaderValue::from_static(no)), "{no}");
        }
    }
}
