/*
 * Docent's panel: the guide in the visitor's browser, and the entry of its ES modules. The MkDocs
 * plugin links this module, the modules it imports and the public manifest (manifest.js, which the
 * build writes) into one classic script, docent/panel.js (plugins/linker.py). Added to every page
 * (defer) with panel.css, it checks that the guide answers, then binds the panel (controller.js)
 * to the page: again on each of Material's instant page swaps (document$), once otherwise.
 */
import { Panel } from "./controller.js";
import { manifest } from "./manifest.js";

function ownScript() {
  if (document.currentScript && document.currentScript.src) return document.currentScript.src;
  const script = [...document.querySelectorAll("script[src]")]
    .find((element) => /(^|\/)docent\/panel\.js(\?|#|$)/.test(element.src));
  return script ? script.src : null;
}

/* Under Trusted Types (require-trusted-types-for 'script') the worker's URL must be vetted: the policy "docent"
   lets through only .js files of the panel's own folder. */
function scriptPolicy(folder) {
  if (!window.trustedTypes || !window.trustedTypes.createPolicy) return null;
  try {
    return window.trustedTypes.createPolicy("docent", {
      createScriptURL: (url) => {
        if (url.indexOf(folder) !== 0 || !/^[a-z0-9-]+\.js$/.test(url.slice(folder.length))) {
          throw new TypeError("Docent loads only its own scripts, not " + url);
        }
        return url;
      }
    });
  } catch (ignored) {
    return null; // the site's CSP names its policies and not "docent": plain URLs, as without Trusted Types
  }
}

const parsed = () => new Promise((resolve) => {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", resolve, { once: true });
  else resolve();
});

async function start() {
  const scriptSrc = ownScript();
  if (!scriptSrc) return;
  const policy = scriptPolicy(new URL(".", scriptSrc).href);
  const workerURL = new URL("worker.js", scriptSrc).href;
  const panel = new Panel(manifest || null, scriptSrc, policy ? policy.createScriptURL(workerURL) : workerURL);
  (window.Docent = window.Docent || {}).panel = panel; // the page's one handle on the panel, for a console
  try {
    await Promise.all([panel.check(), parsed()]);
    if (window.document$ && typeof window.document$.subscribe === "function") {
      window.document$.subscribe(() => panel.bind());
    } else {
      panel.bind();
    }
  } catch (error) {
    if (window.console) console.error("Docent panel:", error && error.message);
  }
}

if (!window.DocentPanelLoaded) { // Material may run page scripts again on a swap
  window.DocentPanelLoaded = true;
  start();
}
