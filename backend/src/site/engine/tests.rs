//! render_site on small hand-written bundles: what the real bundle needs from the engine, and
//! what a broken one must not be able to do.
use super::*;

/// A bundle as the build writes it: a script defining `SamitiEngine.renderSite`.
fn bundle(render_site: &str) -> String {
    format!("var SamitiEngine = (function () {{ return {{ renderSite: {render_site} }}; }})();")
}

fn limits(memory_mib: usize, seconds: u64) -> Limits {
    Limits { memory_bytes: memory_mib << 20, time: Duration::from_secs(seconds), ..Limits::default() }
}

#[test]
fn renders_with_timers_promises_streams_and_utf8() {
    // Each page waits on what the real bundle waits on: timers (the clock is virtual, so an
    // hour's timer costs nothing), a MessageChannel message, promise chains, and a stream
    // read back as text through Response; Marathi text survives the trip through UTF-8.
    let code = bundle(
        r#"async function (json) {
            const content = JSON.parse(json);
            const order = [];
            await new Promise((resolve) => setTimeout(resolve, 3600 * 1000));
            let ticks = 0;
            await new Promise((resolve) => {
              const id = setInterval(() => { if (++ticks === 3) { clearInterval(id); resolve(); } }, 10);
            });
            setTimeout(() => order.push('late'), 5);
            setTimeout(() => order.push('early'), 1);
            await new Promise((resolve) => setTimeout(resolve, 10));
            const channel = new MessageChannel();
            const message = await new Promise((resolve) => {
              channel.port1.onmessage = (event) => resolve(event.data);
              channel.port2.postMessage('posted');
            });
            const encoder = new TextEncoder();
            const bytes = encoder.encode(content.name);
            const target = new Uint8Array(4);
            const into = encoder.encodeInto('अआ', target);
            const stream = new ReadableStream({
              pull(controller) { controller.enqueue(bytes); controller.enqueue(encoder.encode('!')); controller.close(); },
            }, { highWaterMark: 0 });
            const text = await new Response(stream).text();
            const url = new URL('/about?lng=mr#team', 'http://prerender/');
            const html = [text, ticks, order.join('+'), message, bytes.length, into.read, into.written,
              new TextDecoder().decode(bytes), url.pathname, url.searchParams.get('lng'), url.hash].join('|');
            return { pages: [{ lang: 'mr', path: '/', html }], shell: '<div id="root"></div>' };
        }"#,
    );
    let site = render_site(&code, r#"{"name":"समिती"}"#, &limits(32, 10)).unwrap();
    assert_eq!(site.pages.len(), 1);
    assert_eq!(site.pages[0].lang, "mr");
    assert_eq!(site.pages[0].path, "/");
    assert_eq!(site.pages[0].html, "समिती!|3|early+late|posted|15|1|3|समिती|/about|mr|#team");
    assert_eq!(site.shell, r#"<div id="root"></div>"#);
    assert!(site.messages.is_empty());
}

#[test]
fn the_console_warnings_and_errors_are_kept() {
    let code = bundle(
        r#"async function () {
            console.log('not kept');
            console.warn('Warning: %s is odd', 'this');
            console.error(new Error('shown'));
            return { pages: [], shell: '' };
        }"#,
    );
    let site = render_site(&code, "{}", &limits(32, 10)).unwrap();
    assert_eq!(site.messages.len(), 2, "{:?}", site.messages);
    assert_eq!(site.messages[0], "warn: Warning: this is odd");
    assert!(site.messages[1].starts_with("error: Error: shown"), "{:?}", site.messages);
}

#[test]
fn an_error_of_the_script_comes_back_with_its_message_and_stack() {
    let code = bundle(
        r#"async function (json) {
            function renderAboutPage() { throw new TypeError('no team in ' + json); }
            await null;
            return renderAboutPage();
        }"#,
    );
    let err = format!("{:#}", render_site(&code, "{}", &limits(32, 10)).unwrap_err());
    assert!(err.contains("TypeError: no team in {}"), "{err}");
    assert!(err.contains("renderAboutPage"), "the stack names the function: {err}");

    let thrown_at_start = "throw new Error('broken bundle');";
    let err = format!("{:#}", render_site(thrown_at_start, "{}", &limits(32, 10)).unwrap_err());
    assert!(err.contains("running engine.js") && err.contains("Error: broken bundle"), "{err}");

    let err = format!("{:#}", render_site("var SamitiEngine = {}; (", "{}", &limits(32, 10)).unwrap_err());
    assert!(err.contains("SyntaxError"), "{err}");

    let err = format!("{:#}", render_site("var Other = {};", "{}", &limits(32, 10)).unwrap_err());
    assert!(err.contains("defines no SamitiEngine.renderSite"), "{err}");

    let err = format!("{:#}", render_site(&bundle("async () => ({})"), "{not json", &limits(32, 10)).unwrap_err());
    assert!(err.contains("the content is not JSON"), "{err}");
}

#[test]
fn a_render_that_never_settles_is_an_error() {
    let code = bundle("function () { return new Promise(() => {}); }");
    let err = format!("{:#}", render_site(&code, "{}", &limits(32, 10)).unwrap_err());
    assert!(err.contains("nothing is left to run"), "{err}");
}

#[test]
fn an_endless_loop_is_stopped_at_the_deadline() {
    for endless in [
        "function () { for (;;) {} }",
        // No single call runs long, but the timers never end.
        "function () { return new Promise(() => { setInterval(() => {}, 1); }); }",
        "async function () { for (;;) { await null; } }",
    ] {
        let started = Instant::now();
        let err = format!("{:#}", render_site(&bundle(endless), "{}", &limits(32, 1)).unwrap_err());
        assert!(started.elapsed() < Duration::from_secs(5), "{endless}: took {:?}", started.elapsed());
        assert!(err.contains("took longer than 1s"), "{endless}: {err}");
    }
}

#[test]
fn an_allocation_bomb_fails_under_the_memory_limit() {
    for bomb in [
        "function () { const all = []; for (;;) all.push('x'.repeat(1 << 16) + all.length); }",
        "async function () { const all = new Map(); for (let i = 0; ; i++) { all.set(i, { i }); if (i % 1000 === 0) await null; } }",
        "function () { return new Uint8Array(1 << 30); }",
    ] {
        let err = format!("{:#}", render_site(&bundle(bomb), "{}", &limits(32, 20)).unwrap_err());
        assert!(err.contains("ran out of its 32 MiB of memory"), "{bomb}: {err}");
    }
}

#[test]
fn deep_recursion_is_an_error_not_a_crash() {
    let code = bundle("function () { const down = (n) => down(n + 1) + 1; return down(0); }");
    let err = format!("{:#}", render_site(&code, "{}", &limits(32, 10)).unwrap_err());
    assert!(err.contains("RangeError") || err.contains("stack"), "{err}");
}

#[test]
fn every_call_starts_afresh() {
    // What one render leaves in the global scope is gone in the next.
    let code = bundle(
        r#"async function () {
            const seen = globalThis.leftOver ?? 'nothing';
            globalThis.leftOver = 'something';
            return { pages: [{ lang: 'en', path: '/', html: seen }], shell: '' };
        }"#,
    );
    for _ in 0..2 {
        assert_eq!(render_site(&code, "{}", &limits(32, 10)).unwrap().pages[0].html, "nothing");
    }
}
