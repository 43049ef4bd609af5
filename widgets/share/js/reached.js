// Tells the kernel when a deferred part of the page (a lesson's table) comes into view, so the part is
// built when the visitor reaches it rather than for every visitor at load. The observer starts only once
// the page has drawn and gone idle: while outputs above are still empty, everything looks "in view".
const later = window.requestIdleCallback
  ? (f) => window.requestIdleCallback(f, { timeout: 3000 })
  : (f) => setTimeout(f, 1000);

function render({ model, el }) {
  let observer = null;
  let gone = false;
  const label = () => {
    el.textContent = model.get("reached") ? model.get("busy_text") : "";
  };
  const reach = () => {
    if (gone || model.get("reached")) return;
    model.set("reached", true);
    model.save_changes();
    label();
  };
  const watch = () => {
    if (gone || model.get("reached") || !("IntersectionObserver" in window)) return;
    observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        reach();
      }
    });
    observer.observe(el);
  };
  el.classList.add("hench-reached");
  el.style.minHeight = "1px"; // an empty element is never "in view"
  model.on("change:reached", label);
  label();
  later(() => setTimeout(watch, 1000));
  return () => {
    gone = true;
    if (observer) observer.disconnect();
    model.off("change:reached", label);
  };
}

export default { render };
