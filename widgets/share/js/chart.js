// A Plotly chart drawn from the widget's synced `spec` (data, layout, config), redrawn whole on change.
// plotly.js is loaded once per page, lazily: after the page has drawn its controls, from the server
// itself (<base>/hench/plotly/plotly.min.js; the static site ships the same file at that path).
let loading = null;

function plotlyUrl() {
  let base = "/";
  const config = document.getElementById("jupyter-config-data");
  if (config) {
    try {
      base = JSON.parse(config.textContent).baseUrl || "/";
    } catch (e) {
      /* keep "/" */
    }
  }
  return new URL(base.replace(/\/?$/, "/") + "hench/plotly/plotly.min.js", document.baseURI).href;
}

function loadPlotly() {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      const amd = window.define; // a page with an AMD loader would swallow plotly's UMD bundle
      window.define = undefined;
      const done = () => { window.define = amd; };
      script.src = plotlyUrl();
      script.async = true;
      script.onload = () => {
        done();
        window.Plotly ? resolve(window.Plotly) : reject(new Error("plotly.js loaded but did not define Plotly"));
      };
      script.onerror = () => {
        done();
        loading = null;
        reject(new Error("plotly.js could not be loaded from " + script.src));
      };
      document.head.appendChild(script);
    });
  }
  return loading;
}

// plotly.js is evaluated on the page's main thread (about half a second): only once the page is idle, twice
// with a pause between, and never forced by a timeout, so it cannot fall before the first widget is painted.
const idle = window.requestIdleCallback ? (f) => window.requestIdleCallback(f) : (f) => setTimeout(f, 50);
const later = (f) => idle(() => setTimeout(() => idle(f), 250));

function render({ model, el }) {
  let gone = false;
  const draw = () => {
    const spec = model.get("spec") || {};
    if (gone || !spec.data) return;
    const height = (spec.layout && spec.layout.height) || 360;
    el.style.minHeight = height + "px"; // the page keeps its place while plotly.js loads
    loadPlotly()
      .then((Plotly) => (gone ? null : Plotly.react(el, spec.data, spec.layout || {}, spec.config || {})))
      .then(() => el.classList.remove("hench-chart-failed"))
      .catch((err) => {
        el.classList.add("hench-chart-failed");
        el.textContent = "The chart could not be drawn: " + err.message;
      });
  };
  model.on("change:spec", draw);
  later(draw); // the controls first: a chart is never what a visitor waits for
  return () => {
    gone = true;
    model.off("change:spec", draw);
    if (window.Plotly) window.Plotly.purge(el);
  };
}

export default { render };
