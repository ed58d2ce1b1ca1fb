/*
 * Docent's panel: the guide in the visitor's browser, and the entry of its ES modules. The MkDocs
 * plugin links this module, the modules it imports and the public manifest (manifest.js, which the
 * build writes) into one classic script, docent/panel.js (plugins/linker.py). Added to every page
 * (defer) with panel.css, it checks that the guide answers, then binds the controller
 * (controller.js) to the page: again on each of Material's instant page swaps (document$), once
 * otherwise.
 */
import { Panel } from "./controller.js";
import { manifest } from "./manifest.js";

function ownScript() {
  if (document.currentScript && document.currentScript.src) return document.currentScript.src;
  var scripts = document.querySelectorAll("script[src]");
  for (var i = 0; i < scripts.length; i++) {
    if (/(^|\/)docent\/panel\.js(\?|#|$)/.test(scripts[i].src)) return scripts[i].src;
  }
  return null;
}

function start() {
  var scriptSrc = ownScript();
  if (!scriptSrc) return;

  /* Under Trusted Types (require-trusted-types-for 'script') the worker's URL must be vetted:
     the policy "docent" lets through only .js files of the panel's own folder. */
  var folder = new URL(".", scriptSrc).href;
  var policy = null;
  if (window.trustedTypes && window.trustedTypes.createPolicy) {
    try {
      policy = window.trustedTypes.createPolicy("docent", {
        createScriptURL: function (url) {
          if (url.indexOf(folder) !== 0 || !/^[a-z0-9-]+\.js$/.test(url.slice(folder.length))) {
            throw new TypeError("Docent loads only its own scripts, not " + url);
          }
          return url;
        }
      });
    } catch (ignored) {
      policy = null; // the site's CSP names its policies and not "docent": plain URLs, as without Trusted Types
    }
  }

  function scriptURL(name) {
    var url = new URL(name, scriptSrc).href;
    return policy ? policy.createScriptURL(url) : url;
  }

  var parsed = new Promise(function (resolve) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", resolve, { once: true });
    else resolve();
  });

  var panel = new Panel(manifest || null, scriptSrc, scriptURL("worker.js"));
  (window.Docent = window.Docent || {}).panel = panel; // the page's one handle on the panel, for a console
  Promise.all([panel.check(), parsed]).then(function () {
    if (window.document$ && typeof window.document$.subscribe === "function") {
      window.document$.subscribe(function () { panel.bind(); });
    } else {
      panel.bind();
    }
  }).catch(function (error) {
    if (window.console) console.error("Docent panel:", error && error.message);
  });
}

if (!window.DocentPanelLoaded) { // Material may run page scripts again on a swap
  window.DocentPanelLoaded = true;
  start();
}
