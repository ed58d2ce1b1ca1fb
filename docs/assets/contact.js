/*
 * The contact form of the example site ([data-demo-form]). This is a static demo: the form
 * posts nowhere. Its send button (page action send_message, data-docent-consequential: the
 * Docent panel only rings it) shows that nothing was sent, and keeps what was typed.
 */
(function () {
  "use strict";

  function ready() {
    var forms = document.querySelectorAll("form[data-demo-form]");
    for (var i = 0; i < forms.length; i++) {
      forms[i].addEventListener("submit", function (event) {
        event.preventDefault();
        var notice = event.currentTarget.querySelector("[data-demo-notice]");
        if (notice) {
          notice.textContent = "This demo site sends nothing: Mara Lindqvist is fictional. Nothing you typed left this page.";
          notice.hidden = false;
        }
      });
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready, { once: true });
  else ready();
})();
