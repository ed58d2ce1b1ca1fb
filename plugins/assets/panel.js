/*
 * Docent's panel: the guide in the visitor's browser. The MkDocs plugin writes docent/panel.js as
 * one file: the modules listed below (plugins/__init__.py reads the list), the public manifest
 * (Docent.manifest), and this loader last. Added to every page (defer) with panel.css, it checks
 * that the guide answers, then binds the controller (controller.js) to the page: again on each of
 * Material's instant page swaps (document$), once otherwise.
 */
(function () {
  "use strict";
  if (window.DocentPanelLoaded) return; // Material may run page scripts again on a swap
  window.DocentPanelLoaded = true;

  var MODULES = ["dom.js", "sse.js", "store.js", "site.js", "guide.js", "screen.js", "transcript.js", "actions.js", "tour.js", "view.js", "controller.js"];

  function ownScript() {
    if (document.currentScript && document.currentScript.src) return document.currentScript.src;
    var scripts = document.querySelectorAll("script[src]");
    for (var i = 0; i < scripts.length; i++) {
      if (/(^|\/)docent\/panel\.js(\?|#|$)/.test(scripts[i].src)) return scripts[i].src;
    }
    return null;
  }

  var scriptSrc = ownScript();
  var Docent = window.Docent;
  if (!scriptSrc) return;
  if (!Docent || !Docent.Panel) {
    if (window.console) console.error("Docent panel: docent/panel.js lacks its " + MODULES.length + " modules; build the site with the docent plugin or `docent manifest`.");
    return;
  }

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

  var panel = new Docent.Panel(Docent.manifest || null, scriptSrc, scriptURL("worker.js"));
  Docent.panel = panel;
  Promise.all([panel.check(), parsed]).then(function () {
    if (window.document$ && typeof window.document$.subscribe === "function") {
      window.document$.subscribe(function () { panel.bind(); });
    } else {
      panel.bind();
    }
  }).catch(function (error) {
    if (window.console) console.error("Docent panel:", error && error.message);
  });
})();
