//! The small pages the links in mail open: a subscription confirmed, unsubscribed, or a link
//! that is not known. Plain HTML in the subscriber's language, with the way back to the site.
use axum::{
    http::StatusCode,
    response::{Html, IntoResponse, Response},
};

use crate::{documents::Lang, mail::compose::escape, state::AppState};

fn page(state: &AppState, lang: Lang, status: StatusCode, title: &str, message: &str) -> Response {
    let letterhead = state.site.letterhead();
    let organisation = escape(letterhead.name(lang));
    let home = lang.pick("Go to the home page", "मुख्य पानावर जा");
    let html = format!(
        "<!DOCTYPE html><html lang=\"{tag}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title} · {organisation}</title></head>\
         <body style=\"margin:0;background:#f7f3ec;color:#222222;font-family:'Noto Sans Devanagari','Nirmala UI',Arial,sans-serif;line-height:1.6;\">\
         <main style=\"max-width:560px;margin:0 auto;padding:32px 16px;\">\
         <p style=\"font-weight:bold;color:#7a2e0e;margin:0 0 16px;\">{organisation}</p>\
         <h1 style=\"font-size:1.5rem;margin:0 0 12px;\">{title}</h1><p>{message}</p>\
         <p><a href=\"/?lng={tag}\" style=\"color:#7a2e0e;\">{home}</a></p></main></body></html>",
        tag = lang.tag(),
        title = escape(title),
        message = escape(message),
    );
    (status, Html(html)).into_response()
}

pub fn confirmed(state: &AppState, lang: Lang) -> Response {
    let (title, message) = match lang {
        Lang::En => ("Subscription confirmed", "Thank you. You will receive our event updates at this address. Every update has a link to stop them."),
        Lang::Mr => ("खात्री झाली", "धन्यवाद. आमच्या कार्यक्रमांच्या सूचना आपल्याला या ईमेलवर मिळतील. प्रत्येक सूचनेत त्या बंद करण्याची लिंक असेल."),
    };
    page(state, lang, StatusCode::OK, title, message)
}

pub fn unsubscribed(state: &AppState, lang: Lang) -> Response {
    let (title, message) = match lang {
        Lang::En => ("You are unsubscribed", "You will receive no more updates from us. You can subscribe again from the home page at any time."),
        Lang::Mr => ("सूचना बंद केल्या", "यापुढे आपल्याला आमच्याकडून सूचना पाठवल्या जाणार नाहीत. आपण केव्हाही मुख्य पानावरून पुन्हा सूचना मागवू शकता."),
    };
    page(state, lang, StatusCode::OK, title, message)
}

pub fn unsubscribed_already(state: &AppState, lang: Lang) -> Response {
    let (title, message) = match lang {
        Lang::En => ("This subscription was stopped", "This address unsubscribed, so the link no longer confirms it. To receive updates again, subscribe from the home page."),
        Lang::Mr => ("या सूचना बंद केल्या आहेत", "या पत्त्यावरून सूचना बंद केल्या आहेत, त्यामुळे ही लिंक आता चालणार नाही. पुन्हा सूचना हव्या असल्यास मुख्य पानावरून मागवा."),
    };
    page(state, lang, StatusCode::OK, title, message)
}

pub fn unknown_link(state: &AppState, lang: Lang) -> Response {
    let (title, message) = match lang {
        Lang::En => ("This link is not known", "Please check that the whole link was opened, or subscribe again from the home page."),
        Lang::Mr => ("ही लिंक ओळखता आली नाही", "कृपया संपूर्ण लिंक उघडली आहे याची खात्री करा, किंवा मुख्य पानावरून पुन्हा सूचना मागवा."),
    };
    page(state, lang, StatusCode::NOT_FOUND, title, message)
}
