//! Renders the public pages from published content inside the server, without Node: the
//! client's build bundles its page finishing (frontend/src/engine/renderSite.ts: React's
//! prerender of every public path in both languages, the template, the stylesheet links, the
//! critical CSS, the content's data block) into one script, `dist/prerender/engine.js`, and
//! [`render_site`] runs that script in QuickJS (rquickjs) on the content.
//!
//! Each call has a fresh runtime with a memory limit and a deadline, so a broken bundle or
//! content cannot hang the server or exhaust its memory; errors carry the script's message and
//! stack. It blocks for as long as the render takes (about a second and a half for the site's
//! fifty pages): call it on a blocking thread. QuickJS needs a thread stack above
//! [`Limits::stack_bytes`] (tokio's blocking threads have 2 MiB).
//!
//! The script expects a browser worker's globals; `polyfills.js` supplies the few it uses, on a
//! virtual clock: timers never wait, the earliest one runs as soon as nothing else is left.
mod budget;

use std::{
    cell::RefCell,
    rc::Rc,
    time::{Duration, Instant},
};

use anyhow::{Context as _, anyhow, bail};
use rquickjs::{
    CatchResultExt, CaughtError, Context, Ctx, Exception, Function, Object, Runtime, TypedArray, Value,
    context::EvalOptions,
};

use budget::{Budget, BudgetedAllocator};

const POLYFILLS: &str = include_str!("polyfills.js");

/// The global the bundle defines (frontend/scripts/build.mjs, `buildEngine`).
const BUNDLE_GLOBAL: &str = "SamitiEngine";

/// At most this many console lines are kept, each cut to [`MESSAGE_CHARS`].
const MESSAGES_KEPT: usize = 100;
const MESSAGE_CHARS: usize = 2000;

#[derive(Clone, Debug)]
pub struct Limits {
    /// The JavaScript heap: an allocation past it fails, and so does the render ("ran out of its N MiB").
    pub memory_bytes: usize,
    /// The whole render: the bundle's start, every page and every timer.
    pub time: Duration,
    /// QuickJS's own stack limit (deep recursion fails with a RangeError, never a crash).
    pub stack_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self { memory_bytes: 256 << 20, time: Duration::from_secs(30), stack_bytes: 1 << 20 }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderedPage {
    /// `en` or `mr`.
    pub lang: String,
    /// The page's path, e.g. `/about/YuvajanSangh`.
    pub path: String,
    /// The whole document.
    pub html: String,
}

#[derive(Clone, Debug)]
pub struct RenderedSite {
    pub pages: Vec<RenderedPage>,
    /// The page for every route that is not prerendered: the template with the content's data
    /// block and an empty `#root`.
    pub shell: String,
    /// What the script wrote to its console (`warn: …`, `error: …`), for the server's log.
    pub messages: Vec<String>,
    /// The most memory the script's heap held at once.
    pub peak_memory_bytes: usize,
}

/// Runs the bundle's `renderSite(contentJson)`.
pub fn render_site(bundle: &str, content_json: &str, limits: &Limits) -> anyhow::Result<RenderedSite> {
    serde_json::from_str::<serde_json::Value>(content_json).context("the content is not JSON")?;
    let started = Instant::now();
    let deadline = started + limits.time;
    let budget = Rc::new(Budget::new(limits.memory_bytes));
    let runtime = Runtime::new_with_alloc(BudgetedAllocator::new(Rc::clone(&budget)))
        .context("starting the JavaScript engine")?;
    runtime.set_max_stack_size(limits.stack_bytes);
    // QuickJS asks every few thousand instructions; past the deadline the script is stopped
    // with an error it cannot catch.
    runtime.set_interrupt_handler(Some(Box::new(move || Instant::now() >= deadline)));
    let context = Context::full(&runtime).context("starting the JavaScript engine")?;
    let messages = Rc::new(RefCell::new(Vec::new()));

    let result = context
        .with(|ctx| -> anyhow::Result<()> {
            install_host(&ctx, &messages)?;
            evaluate(&ctx, POLYFILLS, "polyfills.js")?;
            evaluate(&ctx, bundle, "engine.js")?;
            let start: Function = host(&ctx)?.get("start")?;
            start.call::<_, ()>((BUNDLE_GLOBAL, content_json)).catch(&ctx).map_err(|err| js_error(&err))
        })
        .and_then(|()| drive(&runtime, &context, deadline))
        .and_then(|()| context.with(|ctx| read_site(&host(&ctx)?.get("site")?)));
    match result {
        Ok((pages, shell)) => {
            Ok(RenderedSite { pages, shell, messages: messages.take(), peak_memory_bytes: budget.peak() })
        }
        Err(err) => {
            // Out of memory, QuickJS often cannot even make the error: the script then sees
            // `null` thrown, or stops with nothing left to run. The budget tells.
            let err = if Instant::now() >= deadline {
                err.context(format!("the site's render took longer than {:?}", limits.time))
            } else if budget.refused() {
                err.context(format!("the site's render ran out of its {} MiB of memory", limits.memory_bytes >> 20))
            } else {
                err
            };
            Err(err.context(format!(
                "rendering the site ({:.1} s, at most {:.1} MiB)",
                started.elapsed().as_secs_f64(),
                budget.peak() as f64 / f64::from(1 << 20)
            )))
        }
    }
}

/// Runs the event loop until `renderSite`'s promise settles: the promise jobs (microtasks), then
/// one task or timer, again. The jobs run outside the context's lock, so that an exception one
/// throws outside any promise (out of memory, the deadline) is read rather than lost.
fn drive(runtime: &Runtime, context: &Context, deadline: Instant) -> anyhow::Result<()> {
    loop {
        loop {
            match runtime.execute_pending_job() {
                Ok(true) => {}
                Ok(false) => break,
                Err(job) => {
                    return Err(job.0.with(|ctx| js_error(&CaughtError::from_error(&ctx, rquickjs::Error::Exception))));
                }
            }
        }
        if Instant::now() >= deadline {
            bail!("stopped: still running after the time limit");
        }
        let settled = context.with(|ctx| -> anyhow::Result<bool> {
            let host = host(&ctx)?;
            if host.get::<_, bool>("done")? {
                let error: Value = host.get("error")?;
                if error.is_undefined() {
                    return Ok(true);
                }
                let caught = match error.as_object().and_then(|object| Exception::from_object(object.clone())) {
                    Some(exception) => CaughtError::Exception(exception),
                    None => CaughtError::Value(error),
                };
                return Err(js_error(&caught));
            }
            let run_next_task: Function = host.get("runNextTask")?;
            let ran: bool = run_next_task.call(()).catch(&ctx).map_err(|err| js_error(&err))?;
            if !ran {
                bail!("the render stopped before it finished: nothing is left to run and its promise never settled");
            }
            Ok(false)
        })?;
        if settled {
            return Ok(());
        }
    }
}

fn host<'js>(ctx: &Ctx<'js>) -> anyhow::Result<Object<'js>> {
    Ok(ctx.globals().get("__engine")?)
}

/// The functions polyfills.js takes from Rust, as the global `__engine`.
fn install_host<'js>(ctx: &Ctx<'js>, messages: &Rc<RefCell<Vec<String>>>) -> anyhow::Result<()> {
    let host = Object::new(ctx.clone())?;
    host.set(
        "encodeUtf8",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, text: rquickjs::String<'js>| {
            TypedArray::<u8>::new(ctx, text.to_string()?.into_bytes())
        })?,
    )?;
    host.set(
        "decodeUtf8",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, bytes: TypedArray<'js, u8>, fatal: bool| -> rquickjs::Result<Value<'js>> {
                // SAFETY: the bytes are copied out before any JavaScript runs again.
                let bytes = unsafe { bytes.as_bytes() }.unwrap_or_default();
                let text = match std::str::from_utf8(bytes) {
                    Ok(text) => text.to_owned(),
                    Err(_) if fatal => return Ok(Value::new_null(ctx)),
                    Err(_) => String::from_utf8_lossy(bytes).into_owned(),
                };
                Ok(rquickjs::String::from_str(ctx, &text)?.into_value())
            },
        )?,
    )?;
    let messages = Rc::clone(messages);
    host.set(
        "print",
        Function::new(ctx.clone(), move |level: String, text: String| {
            let mut messages = messages.borrow_mut();
            if matches!(level.as_str(), "warn" | "error") && messages.len() < MESSAGES_KEPT {
                messages.push(format!("{level}: {}", text.chars().take(MESSAGE_CHARS).collect::<String>()));
            }
        })?,
    )?;
    ctx.globals().set("__engine", host)?;
    Ok(())
}

fn evaluate(ctx: &Ctx<'_>, source: &str, file: &str) -> anyhow::Result<()> {
    let mut options = EvalOptions::default();
    options.global = true;
    options.strict = false;
    options.filename = Some(file.to_owned());
    ctx.eval_with_options::<(), _>(source, options)
        .catch(ctx)
        .map_err(|err| js_error(&err).context(format!("running {file}")))
}

/// A thrown value as an error: an Error's name, message and stack; anything else as text.
fn js_error(caught: &CaughtError<'_>) -> anyhow::Error {
    match caught {
        CaughtError::Exception(exception) => {
            let message = exception.message().unwrap_or_default();
            let name: Option<String> = exception.get("name").ok();
            let head = match name {
                Some(name) if !name.is_empty() => format!("{name}: {message}"),
                _ => message,
            };
            match exception.stack().filter(|stack| !stack.trim().is_empty()) {
                Some(stack) => anyhow!("{head}\n{}", stack.trim_end()),
                None => anyhow!("{head}"),
            }
        }
        CaughtError::Value(value) => match value.as_string().and_then(|text| text.to_string().ok()) {
            Some(text) => anyhow!("thrown: {text}"),
            None if value.is_null() => anyhow!("thrown: null"),
            None if value.is_undefined() => anyhow!("thrown: undefined"),
            None => anyhow!("thrown: {value:?}"),
        },
        CaughtError::Error(err) => anyhow!("{err}"),
    }
}

fn read_site(site: &Object<'_>) -> anyhow::Result<(Vec<RenderedPage>, String)> {
    let list: rquickjs::Array = site.get("pages").context("renderSite's result has no pages")?;
    let mut pages = Vec::with_capacity(list.len());
    for page in list.iter::<Object>() {
        let page = page?;
        pages.push(RenderedPage { lang: page.get("lang")?, path: page.get("path")?, html: page.get("html")? });
    }
    let shell = site.get("shell").context("renderSite's result has no shell")?;
    Ok((pages, shell))
}

#[cfg(test)]
mod tests;
