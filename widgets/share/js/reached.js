// A deferred part of a page (a lesson's table) before it is built: a line saying what it is and a button.
// It tells the kernel (`reached`) when the visitor presses the button or scrolls it into view, so the
// part is built when the visitor gets there rather than for every visitor at load. The observer starts
// only once the page has drawn and gone idle: while the outputs above are still empty, everything
// looks "in view".
const later = window.requestIdleCallback
  ? (f) => window.requestIdleCallback(f, { timeout: 3000 })
  : (f) => setTimeout(f, 1000);

function render({ model, el }) {
  let observer = null;
  let gone = false;
  const intro = document.createElement("div");
  intro.className = "hench-deferred-intro";
  intro.style.color = "#445";
  const button = document.createElement("button");
  button.className = "jupyter-button widget-button mod-primary hench-deferred-button";
  button.style.width = "auto";
  button.style.margin = "4px 0";
  const status = document.createElement("div");
  status.className = "hench-deferred-status";
  el.append(intro, button, status);
  const show = () => {
    const reached = model.get("reached");
    intro.textContent = model.get("intro");
    button.textContent = "▶ " + model.get("button");
    button.disabled = reached;
    status.textContent = model.get("problem") || (reached ? model.get("busy_text") : "");
    status.style.color = model.get("problem") ? "#8a1c1c" : "#445";
  };
  const reach = () => {
    if (gone || model.get("reached")) return;
    if (observer) observer.disconnect();
    model.set("reached", true);
    model.save_changes();
    show();
  };
  button.addEventListener("click", reach);
  const watch = () => {
    if (gone || model.get("reached") || !("IntersectionObserver" in window)) return;
    observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) reach();
    });
    observer.observe(el);
  };
  el.classList.add("hench-reached");
  model.on("change", show);
  show();
  later(() => setTimeout(watch, 1000));
  return () => {
    gone = true;
    if (observer) observer.disconnect();
    model.off("change", show);
  };
}

export default { render };
