/*
 * The lab's "Clear the lab" button ([data-lab-clear], page action clear_lab, marked
 * data-docent-consequential="confirm": the Docent panel asks the visitor before it presses it).
 * Pressed, it sends "docent:reset" to every experiment on the page and empties the storm's
 * results table ([data-lab-result] cells).
 */
(function () {
  "use strict";

  function clearLab() {
    var experiments = document.querySelectorAll("[data-docent-experiment]");
    for (var i = 0; i < experiments.length; i++) experiments[i].dispatchEvent(new CustomEvent("docent:reset"));
    var cells = document.querySelectorAll("[data-lab-result]");
    for (var j = 0; j < cells.length; j++) cells[j].textContent = "–";
  }

  function ready() {
    var buttons = document.querySelectorAll("[data-lab-clear]");
    for (var i = 0; i < buttons.length; i++) buttons[i].addEventListener("click", clearLab);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready, { once: true });
  else ready();
})();
