import HTTPTypes
import Hummingbird
import NIOCore

/// The playground `GET /` serves (unless `serve --no-playground`): one static page to try the
/// model in a browser. Type an utterance; it shows the intent with its confidence and the
/// likeliest others, the slots marked in the text, and each parameter's resolution, from
/// `POST /parse` (`topK` 5, `resolve`); an out-of-scope utterance says so. No build step, no
/// script from the network: its script and style are inline, and its content security policy
/// lets it reach this server only.
enum PlaygroundPage {
    static let response: Response = Response(
        status: .ok,
        headers: [
            .contentType: "text/html; charset=utf-8",
            .contentSecurityPolicy: "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
            HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        ],
        body: ResponseBody(byteBuffer: ByteBuffer(string: html)))

    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>IntentKit playground</title>
        <style>
          body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
          h1 { font-size: 1.4rem; margin-bottom: 0.2rem; }
          #model { color: #6e6e73; margin-top: 0; font-size: 0.9rem; }
          form { display: flex; gap: 0.5rem; margin: 1rem 0; }
          #utterance { flex: 1; font: inherit; padding: 0.5rem 0.7rem; border: 1px solid #c7c7cc; border-radius: 8px; }
          button { font: inherit; padding: 0.5rem 1rem; border: 0; border-radius: 8px; background: #0a66d9; color: white; cursor: pointer; }
          #error { color: #c0392b; }
          #intent { font-size: 1.25rem; font-weight: 600; }
          #intent.out-of-scope { color: #b35c00; }
          #text { font-size: 1.15rem; margin: 0.8rem 0; line-height: 2.2; }
          mark { background: #dbe9ff; border-radius: 4px; padding: 0.1rem 0.25rem; }
          mark sub { color: #0a4fa8; font-size: 0.7rem; margin-left: 0.2rem; }
          table { border-collapse: collapse; width: 100%; margin: 0.5rem 0; }
          th, td { text-align: left; padding: 0.25rem 0.5rem; border-bottom: 1px solid #e5e5ea; vertical-align: top; }
          .bar { display: inline-block; height: 0.6rem; background: #0a66d9; border-radius: 3px; margin-right: 0.4rem; }
          code { font-size: 0.85rem; }
          [hidden] { display: none !important; }
        </style>
        </head>
        <body>
        <h1>IntentKit playground</h1>
        <p id="model"></p>
        <form id="form">
          <input id="utterance" autocomplete="off" autofocus placeholder="Type what a user would say" aria-label="Utterance">
          <button id="parse" type="submit">Parse</button>
        </form>
        <p id="error" role="alert" hidden></p>
        <section id="result" aria-live="polite" hidden>
          <div id="intent"></div>
          <p id="text"></p>
          <table id="parameters" hidden>
            <thead><tr><th>parameter</th><th>words</th><th>outcome</th><th>value</th></tr></thead>
            <tbody></tbody>
          </table>
          <h2 style="font-size:1rem">Likeliest intents</h2>
          <table id="alternatives"><tbody></tbody></table>
          <details><summary>JSON of <code>POST /parse</code></summary><pre id="json"></pre></details>
        </section>
        <script>
        "use strict";
        const $ = (id) => document.getElementById(id);
        const element = (tag, text, attributes = {}) => {
          const node = document.createElement(tag);
          if (text !== undefined) node.textContent = text;
          for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
          return node;
        };
        const percent = (p) => (100 * p).toFixed(1) + " %";

        // A resolved value as a person reads it: "20 USD", "2026-12-04T17:00 (hour)", an identifier.
        function describe(value) {
          if (value === null || value === undefined) return "";
          const parts = [];
          if (value.from !== undefined || value.to !== undefined) parts.push((value.from ?? "…") + " – " + (value.to ?? "…"));
          else if (value.value !== undefined) parts.push(String(value.value));
          if (value.unit) parts.push(value.unit);
          let text = parts.join(" ");
          if (value.grain) text += " (" + value.grain + ")";
          if (value.precision) text += " ≈";
          return text + "  · " + value.kind;
        }

        // The utterance with each slot marked; offsets are Unicode scalars, which Array.from counts.
        function renderText(parse) {
          const scalars = Array.from(parse.text);
          const text = $("text");
          text.replaceChildren();
          let at = 0;
          for (const slot of parse.slots) {
            text.append(scalars.slice(at, slot.start).join(""));
            const mark = element("mark", scalars.slice(slot.start, slot.end).join(""), { "data-slot": slot.name, title: describe(slot.value) || slot.name });
            mark.append(element("sub", slot.name));
            text.append(mark);
            at = slot.end;
          }
          text.append(scalars.slice(at).join(""));
        }

        function render(parse) {
          const intent = $("intent");
          intent.className = parse.outOfScope ? "out-of-scope" : "";
          intent.textContent = parse.outOfScope
            ? "Out of scope — not a request for this model"
            : parse.intent + " · " + percent(parse.confidence);
          renderText(parse);

          const parameters = $("parameters");
          const rows = parameters.querySelector("tbody");
          rows.replaceChildren();
          for (const parameter of parse.parameters ?? []) {
            const row = element("tr", undefined, { "data-parameter": parameter.name });
            row.append(element("td", parameter.name), element("td", parameter.text ?? ""), element("td", parameter.outcome));
            let value = describe(parameter.value);
            if (parameter.candidates) value = parameter.candidates.map((c) => c.phrase + " (" + c.id + ")").join(", ");
            if (parameter.prompt) value = parameter.prompt;
            if (parameter.reason) value = parameter.reason;
            row.append(element("td", value));
            rows.append(row);
          }
          parameters.hidden = rows.children.length === 0;

          const alternatives = $("alternatives").querySelector("tbody");
          alternatives.replaceChildren();
          const ranked = parse.intent ? [{ intent: parse.intent, confidence: parse.confidence }] : [];
          for (const candidate of ranked.concat(parse.alternatives ?? [])) {
            const row = element("tr", undefined, { "data-intent": candidate.intent });
            const bar = element("span", undefined, { class: "bar", style: "width:" + Math.max(1, Math.round(120 * candidate.confidence)) + "px" });
            const cell = element("td");
            cell.append(bar, percent(candidate.confidence));
            row.append(element("td", candidate.intent), cell);
            alternatives.append(row);
          }
          $("json").textContent = JSON.stringify(parse, null, 2);
          $("result").hidden = false;
        }

        async function parse(text) {
          $("error").hidden = true;
          try {
            const response = await fetch("parse", {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ text, topK: 5, resolve: true }),
            });
            const body = await response.json();
            if (!response.ok) throw new Error(body.error ? body.error.message : response.statusText);
            render(body);
          } catch (error) {
            $("error").textContent = "The server did not parse it: " + error.message;
            $("error").hidden = false;
          }
        }

        $("form").addEventListener("submit", (event) => {
          event.preventDefault();
          parse($("utterance").value);
        });

        fetch("model").then((response) => response.json()).then((model) => {
          const intents = model.intents ?? [];
          $("model").textContent = intents.length + (intents.length === 1 ? " intent: " : " intents: ") + intents.join(", ");
        }).catch(() => {});
        </script>
        </body>
        </html>
        """#
}
