// A run's summary as a designer reads it: the scores in words, each group of parts (criteria,
// measures) as small bars with their 95% intervals where the run gives them, tables of records
// (a study's experiments) as tables, and everything else folded behind "Details". Every text
// reaches the page through textContent: result files are never read as HTML.
"use strict";

window.Summary = (function () {
  // Said elsewhere on the page (the job, the settings) or only for programs.
  const SKIP = new Set(["job", "version", "parameters", "out", "generator"]);

  function number(x) {
    if (Number.isInteger(x)) return x.toLocaleString("en");
    return Math.abs(x) >= 100 ? x.toFixed(1) : Number(x.toPrecision(4)).toString();
  }

  function words(key) {
    const text = key.split(".").map((part) => part.replace(/_/g, " ")).join(" · ");
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  const scalar = (v) => v === null || ["number", "string", "boolean"].includes(typeof v);
  const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

  // A value in words: lists of numbers joined by dots, lists of words by commas, long ones cut.
  function shown(value, key) {
    if (value === null) return "–";
    // A seed is a name, not an amount.
    if (typeof value === "number" && key && /seed$/.test(key)) return String(value);
    if (typeof value === "number") return number(value);
    if (typeof value === "boolean") return value ? "yes" : "no";
    if (Array.isArray(value)) {
      if (value.every((v) => typeof v === "number")) {
        const head = value.slice(0, 8).map(number).join(" · ");
        return value.length > 8 ? `${head} … (${number(value.length)} in all)` : head;
      }
      if (value.every(scalar)) {
        const head = value.slice(0, 12).map(shown).join(", ");
        return value.length > 12 ? `${head} … (${number(value.length)} in all)` : head;
      }
      return `a list of ${number(value.length)}`;
    }
    if (isObject(value)) return `${number(Object.keys(value).length)} figures`;
    const text = String(value);
    return text.length > 200 ? text.slice(0, 197) + "…" : text;
  }

  // A short list at most: worth a line of its own.
  const short = (v) => scalar(v) || (Array.isArray(v) && v.every(scalar) && v.length <= 24);

  // An object of 2 to 16 numbers: a group of parts drawn as bars.
  function numbers(v) {
    if (!isObject(v)) return false;
    const values = Object.values(v);
    return values.length >= 2 && values.length <= 16 && values.every((x) => typeof x === "number");
  }

  // A list of records with the same simple fields: a table.
  function records(v) {
    return (
      Array.isArray(v) &&
      v.length > 0 &&
      v.every(isObject) &&
      v.every((r) => Object.values(r).every(short))
    );
  }

  function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function rows(table, pairs) {
    for (const [key, value] of pairs) {
      const tr = table.insertRow();
      const th = el("th", "", words(key.split(".").pop()));
      th.title = key;
      tr.appendChild(th);
      tr.insertCell().textContent = shown(value, key);
    }
  }

  // The parts as bars, scaled to 1 when every part lies in 0..1, else to the largest; an
  // interval (low, high) drawn as a line across its bar.
  function bars(title, group, intervals) {
    const section = el("section", "parts");
    section.appendChild(el("h3", "", title));
    const values = Object.values(group);
    const unit = values.every((v) => v >= 0 && v <= 1);
    const top = unit ? 1 : Math.max(...values.map(Math.abs)) || 1;
    const list = el("div", "bars");
    for (const [name, value] of Object.entries(group)) {
      const row = el("div", "barrow");
      row.appendChild(el("span", "name", words(name)));
      const track = el("span", "track");
      const fill = el("span", "fill");
      fill.style.width = `${Math.max(0, Math.min(100, (100 * Math.abs(value)) / top))}%`;
      track.appendChild(fill);
      const range = intervals && intervals[name];
      let said = number(value);
      if (range && typeof range.low === "number" && typeof range.high === "number") {
        const whisker = el("span", "whisker");
        whisker.style.left = `${Math.max(0, Math.min(100, (100 * range.low) / top))}%`;
        whisker.style.width = `${Math.max(0, Math.min(100, (100 * (range.high - range.low)) / top))}%`;
        track.appendChild(whisker);
        said += ` (${number(range.low)}–${number(range.high)})`;
      }
      row.appendChild(track);
      row.appendChild(el("span", "value", said));
      list.appendChild(row);
    }
    section.appendChild(list);
    return section;
  }

  function recordTable(title, list) {
    const section = el("section", "records");
    section.appendChild(el("h3", "", title));
    const wrap = el("div", "scroll");
    const table = el("table", "scores records");
    // A record's name first, then its fields as they come.
    const keys = [...new Set(list.flatMap((r) => Object.keys(r)))].sort(
      (a, b) => (b === "name") - (a === "name"),
    );
    const head = table.createTHead().insertRow();
    for (const k of keys) head.appendChild(el("th", "", words(k)));
    const body = table.createTBody();
    for (const r of list) {
      const tr = body.insertRow();
      for (const k of keys) tr.insertCell().textContent = k in r ? shown(r[k], k) : "";
    }
    wrap.appendChild(table);
    section.appendChild(wrap);
    return section;
  }

  // Every leaf below `value`, as (dotted key, value) pairs.
  function flatten(value, prefix, out) {
    if (isObject(value) && Object.keys(value).length > 0) {
      for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
    } else {
      out.push([prefix, value]);
    }
    return out;
  }

  // Draws `summary` into `container` (emptied first).
  function render(container, summary) {
    container.textContent = "";
    const main = el("table", "scores");
    const details = [];
    const sections = [];
    const top = [];
    for (const [key, value] of Object.entries(summary || {})) {
      if (SKIP.has(key) || value === null) continue;
      if (key === "intervals") {
        details.push(...flatten(value, key, []));
      } else if (short(value)) {
        top.push([key, value]);
      } else if (numbers(value)) {
        sections.push(bars(words(key), value, summary.intervals && summary.intervals[key]));
      } else if (records(value) && value.length <= 60) {
        sections.push(recordTable(words(key), value));
      } else if (isObject(value)) {
        // A part of the result (the best variant, its second look): its own figures in a
        // small table, its groups of parts as bars, the rest in the details.
        const own = [];
        for (const [k, v] of Object.entries(value)) {
          const path = `${key}.${k}`;
          if (v === null) continue;
          if (k === "intervals") details.push(...flatten(v, path, []));
          else if (short(v)) own.push([path, v]);
          else if (numbers(v)) sections.push(bars(`${words(key)} · ${words(k)}`, v, value.intervals && value.intervals[k]));
          else details.push(...flatten(v, path, []));
        }
        if (own.length > 0) {
          const section = el("section", "part");
          section.appendChild(el("h3", "", words(key)));
          const table = el("table", "scores");
          rows(table, own);
          section.appendChild(table);
          sections.unshift(section);
        }
      } else {
        details.push(...flatten(value, key, []));
      }
    }
    rows(main, top);
    container.appendChild(main);
    for (const s of sections) container.appendChild(s);
    if (details.length > 0) {
      const fold = el("details", "more");
      fold.appendChild(el("summary", "", `Details (${number(details.length)} figures)`));
      const wrap = el("div", "scroll");
      const table = el("table", "scores");
      for (const [key, value] of details) {
        const tr = table.insertRow();
        const th = el("th", "", words(key));
        th.title = key;
        tr.appendChild(th);
        tr.insertCell().textContent = shown(value, key);
      }
      wrap.appendChild(table);
      fold.appendChild(wrap);
      container.appendChild(fold);
    }
  }

  return { render, shown, words };
})();
