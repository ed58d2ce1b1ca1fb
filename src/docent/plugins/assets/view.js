/*
 * The panel's DOM: its header, status line, transcript log and question box, built with createElement and
 * textContent only. This is the full-size panel mounted in <div id="docent-panel" data-docent-panel="full"> on
 * the assistant page; the floating dialog every other page opens from a button is float.js's, built on it.
 * Empty, it says what the guide does and offers questions to ask (the manifest's suggestions, intro.js).
 * It takes the site's colour scheme (dom.js's followScheme), not only the system's.
 */
import { followScheme, make } from "./dom.js";
import { emptyState } from "./intro.js";

const MAX_QUESTION = 500;

/* A touch screen without a mouse: focusing the question there would raise the keyboard over the page. */
function touchFirst(event) {
  if (event && event.pointerType) return event.pointerType === "touch" || event.pointerType === "pen";
  if (event && event.detail === 0) return false; // a click from the keyboard
  return Boolean(window.matchMedia && window.matchMedia("(hover: none) and (pointer: coarse)").matches);
}

export function button(className, text) {
  const element = make("button", className, text);
  element.type = "button";
  return element;
}

export class PanelView {
  /* mode: "full" ("float" for float.js's); mount: the element the full panel goes in; hooks: {submit, opened,
     closed, forget}; suggestions: the questions an empty panel offers; kind: the site's kind, "portfolio" or "docs". */
  constructor(mode, mount, hooks, siteName, suggestions, kind) {
    this.mode = mode;
    this.hooks = hooks;
    this.collapsed = false;
    this.pinned = true; // the transcript follows its last line until the visitor scrolls up
    this.shownTop = 0; // the log's scrollTop as last set or seen: a smaller one is the visitor scrolling up
    this.suffix = mode === "full" ? "-full" : "";
    this.panel = make(mode === "full" ? "section" : "div", `docent-panel docent-${mode}`);
    this.panel.id = `docent-dialog${this.suffix}`;
    this.panel.setAttribute("data-docent-view", mode);
    this.panel.setAttribute("aria-labelledby", `docent-title${this.suffix}`);
    this.panel.appendChild(this.header(siteName));
    this.statusLine();
    this.empty = emptyState(this, suggestions, kind);
    this.panel.appendChild(this.empty);
    this.panel.appendChild(this.transcriptLog());
    this.panel.appendChild(this.questionForm());
    this.place(mount);
  }

  /* The full panel goes in its mount on the assistant page (the floating one, float.js, on the page's body). */
  place(mount) {
    mount.appendChild(this.panel);
    followScheme(this.panel);
  }

  header(siteName) {
    const head = this.head = make("div", "docent-head");
    const title = this.title = make("h2", "docent-title", "Guide");
    if (siteName) title.appendChild(make("span", "docent-visually-hidden", ` to ${siteName}`));
    title.id = `docent-title${this.suffix}`;
    head.appendChild(title);
    this.forgetButton = button("docent-forget", "New conversation");
    this.forgetButton.addEventListener("click", () => this.hooks.forget());
    head.appendChild(this.forgetButton);
    title.tabIndex = -1; // where focus goes when the panel opens by touch
    return head;
  }

  statusLine() {
    const row = this.statusRow = make("div", "docent-status-row");
    this.status = make("p", "docent-status");
    this.status.id = `docent-status${this.suffix}`;
    this.status.setAttribute("role", "status");
    // On a phone a standing note is one line, cut with an ellipsis (panel.css): a "More" beside it shows it whole. A
    // tap on the cut line did so too, but nothing said so, and no keyboard or screen reader could reach it.
    this.more = button("docent-more", "More");
    this.more.setAttribute("aria-controls", this.status.id);
    this.more.hidden = true;
    this.more.addEventListener("click", () => this.wholeStatus(!this.status.classList.contains("is-whole")));
    this.status.addEventListener("click", () => { if (!this.more.hidden) this.more.click(); });
    row.appendChild(this.status);
    row.appendChild(this.more);
    this.panel.appendChild(row);
    if (window.ResizeObserver) new window.ResizeObserver(() => this.cutOrWhole()).observe(this.status);
    this.progress = make("progress", "docent-progress");
    this.progress.max = 100;
    this.progress.value = 0;
    this.progress.hidden = true;
    this.progress.setAttribute("aria-label", "Getting the guide ready");
    this.panel.appendChild(this.progress);
  }

  /* The status line shown whole (its "Less" cuts it again) or as the screen's width has it. */
  wholeStatus(whole) {
    this.status.classList.toggle("is-whole", whole);
    this.cutOrWhole();
  }

  /* "More" where the status line is cut, "Less" where the visitor showed whole a line the screen cuts, else none. */
  cutOrWhole() {
    const status = this.status, whole = status.classList.contains("is-whole");
    if (whole) status.classList.remove("is-whole"); // measured as the screen would show it, in the same frame
    const cut = !status.hidden && status.scrollWidth > status.clientWidth;
    if (whole) status.classList.add("is-whole");
    this.more.hidden = !cut;
    this.more.textContent = whole ? "Less" : "More";
    this.more.setAttribute("aria-expanded", whole ? "true" : "false");
  }

  transcriptLog() {
    const log = this.log = make("div", "docent-log");
    log.setAttribute("role", "log");
    log.setAttribute("aria-live", "polite");
    log.setAttribute("aria-relevant", "additions text");
    log.setAttribute("aria-label", "Conversation with the guide");
    log.tabIndex = 0;
    log.addEventListener("scroll", () => {
      // Only the visitor scrolling up lets go of the last line: an entry that grew after it was shown (a code block
      // laid out, a held-back line rewritten) leaves the end further down without anyone scrolling.
      if (log.scrollTop + log.clientHeight >= log.scrollHeight - 8) this.pinned = true;
      else if (log.scrollTop < this.shownTop) this.pinned = false;
      this.shownTop = log.scrollTop;
    });
    if (window.ResizeObserver) {
      // The status line or the sheet changing size, or an entry growing, must not hide the last line.
      const follow = new window.ResizeObserver(() => { if (this.pinned) this.scrollToEnd(); });
      follow.observe(log);
      if (window.MutationObserver) {
        new window.MutationObserver((changes) => {
          for (const change of changes) {
            for (const node of change.addedNodes) if (node.nodeType === 1) follow.observe(node);
          }
        }).observe(log, { childList: true });
      }
    }
    return log;
  }

  questionForm() {
    const form = this.form = make("form", "docent-form");
    form.noValidate = true;
    const label = make("label", "docent-label", "Your question");
    label.htmlFor = `docent-question${this.suffix}`;
    const input = this.input = make("textarea", "docent-input");
    input.id = `docent-question${this.suffix}`;
    input.name = "question";
    input.rows = 2;
    input.maxLength = MAX_QUESTION;
    input.setAttribute("autocomplete", "off");
    this.askButton = make("button", "docent-button docent-ask", "Ask");
    this.askButton.type = "submit";
    form.appendChild(label);
    const row = make("div", "docent-row");
    row.appendChild(input);
    row.appendChild(this.askButton);
    form.appendChild(row);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.submit();
      }
    });
    return form;
  }

  /* Empty: the suggestions show; once anything is said, the transcript takes their place. */
  setEmpty(empty) {
    this.empty.hidden = !empty;
    this.panel.setAttribute("data-empty", empty ? "true" : "false");
  }

  /* The full panel neither shrinks, moves nor closes: the floating one (float.js) does. */
  collapse() {}

  makeRoom() {}

  clearRoom() {}

  makeWay() {}

  close() {}

  isOpen() {
    return true;
  }

  /* focus: move focus into the panel (to the question; on a touch screen to the title, so no keyboard
     covers the page); event: the click that opened it, if any. */
  open(focus, event) {
    this.scrollToEnd();
    if (focus) this.focus(event);
    this.hooks.opened();
  }

  submit() {
    const text = this.input.value.trim();
    if (!text || this.askButton.disabled) return;
    if (this.hooks.submit(text) !== false) this.input.value = "";
  }

  /* Focus to the question, or to the panel's title on a touch screen. */
  focus(event) {
    if (this.collapsed) this.collapse(false, true);
    if (touchFirst(event)) this.title.focus({ preventScroll: true });
    else this.input.focus({ preventScroll: true });
  }

  setStatus(text, kind) {
    this.status.textContent = text || "";
    this.status.classList.remove("is-whole");
    this.status.setAttribute("data-kind", kind || "");
    this.status.hidden = !text;
    this.statusRow.hidden = !text;
    this.cutOrWhole();
  }

  /* fraction in [0, 1] shows the bar; null hides it. */
  setProgress(fraction) {
    this.progress.hidden = fraction == null;
    if (fraction != null) this.progress.value = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
  }

  setReady(ready) {
    this.askButton.disabled = !ready;
    this.panel.setAttribute("data-ready", ready ? "true" : "false");
    this.panel.setAttribute("aria-busy", ready ? "false" : "true");
  }

  setOff(off) {
    this.input.disabled = off;
    this.askButton.disabled = off;
    for (const element of this.empty.querySelectorAll("button")) element.disabled = off;
    this.panel.setAttribute("data-off", off ? "true" : "false");
  }

  /* Follows the transcript to its end while the last answer fits in the log; once the answer is taller, holds its
     start (the visitor's question at the log's top, past the log's padding) and leaves the rest for the visitor to
     scroll on to. An answer within that padding of fitting under its question shows whole, its last line and its
     question both: at its end where the question stays whole in the padding, else with the question at the log's very
     top (a docked panel's log was 1.7 px taller than the answer and its question, and the panel held the question past
     the padding, the last line cut 3 px). It only moves the log down: a visitor who scrolled on past the question is
     not taken back to it. */
  scrollToEnd() {
    const log = this.log;
    const end = log.scrollHeight - log.clientHeight;
    const question = this.inLog(this.log.querySelectorAll(".docent-question"), "top");
    const held = Math.max(0, Math.floor(question - this.gap()));
    let top = Math.min(end, held);
    if (end > held && this.inLog([log.lastElementChild], "bottom") - log.clientHeight <= question) {
      top = Math.min(end, Math.floor(question));
    }
    if (top > log.scrollTop) log.scrollTop = top;
    this.shownTop = log.scrollTop;
    this.pinned = true;
  }

  /* The log's index-th citation is the one the visitor followed: marked (the peek speaks of its answer, peek.js),
     the mark on no other, and whole in the log's sight: where the log rests if it shows it there, else with the last
     question at the log's very top if it does (an answer within the padding of fitting under its question, cited on
     its last line: DRF's, 0.5 px taller than the log, stood at its end with its question cut 3 px), else at the log's
     end if it does, else just scrolled to it, the log let go of its end (a transcript drawn again on the cited page
     stood at its end, the citation pressed in an earlier answer out of sight). */
  pressed(index) {
    for (const each of this.log.querySelectorAll("[data-docent-pressed]")) each.removeAttribute("data-docent-pressed");
    const link = this.log.querySelectorAll("a.docent-cite")[index];
    if (!link) return;
    link.setAttribute("data-docent-pressed", "true");
    const log = this.log, top = this.inLog([link], "top"), bottom = this.inLog([link], "bottom");
    const whole = (at) => top >= at && bottom <= at + log.clientHeight;
    const end = log.scrollHeight - log.clientHeight, gap = this.gap();
    // The least scroll that shows the citation's foot, and the most that keeps the last question's top in sight (to
    // the pixel a scroll stops at).
    const reach = Math.ceil(bottom - log.clientHeight);
    const asked = Math.min(end, Math.ceil(this.inLog(log.querySelectorAll(".docent-question"), "top")));
    if (!whole(log.scrollTop)) {
      if (reach > log.scrollTop && reach <= asked && whole(reach)) log.scrollTop = reach; // the question and citation
      else if (whole(end)) log.scrollTop = end; // the answer's end and the citation both
      else if (bottom > log.scrollTop + log.clientHeight) log.scrollTop = Math.ceil(bottom - log.clientHeight + gap);
      else log.scrollTop = Math.floor(top - gap);
    }
    this.pinned = log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
    this.shownTop = log.scrollTop;
  }

  /* The log's padding at its top: the room it keeps above a question held at its top. */
  gap() {
    return parseFloat(window.getComputedStyle(this.log).paddingTop) || 0;
  }

  /* Where the last of elements has its edge ("top" or "bottom") in the log's scrolled content, from the top of its
     padding; Infinity without one. */
  inLog(elements, edge) {
    const element = elements.length ? elements[elements.length - 1] : null;
    if (!element) return Infinity;
    const log = this.log;
    return element.getBoundingClientRect()[edge] - log.getBoundingClientRect().top - log.clientTop + log.scrollTop;
  }

  destroy() {
    if (this.panel.parentNode) this.panel.parentNode.removeChild(this.panel);
  }
}
