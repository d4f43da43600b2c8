import { transform } from 'esbuild';

/**
 * The script that shows a lead form (served at /api/forms/embed.js): a website pastes one tag where the
 * form belongs, and the form's hosted page is that same tag on a page of its own, so both read and behave
 * alike. It reads the form (which counts a view and carries the render token), draws it with the form's
 * labels and texts in its language, checks required and email answers before sending, and shows the
 * server's 400s under the field they name. The answers go as text/plain JSON without cookies: a CORS
 * "simple" request, no preflight, and no session of the visitor's involved. The hidden honeypot input
 * is left empty by people and filled by bots; it is clipped in place, not moved off-screen (an input far to the
 * left widens a right-to-left page). Budgeted like the tracker (forms.api.test.ts).
 */
const source = `(function () {
  var d = document, me = d.currentScript;
  if (!me) return;
  var key = me.getAttribute('data-form');
  var api = new URL('/api/forms/public/' + key, me.src).href;
  var box = d.createElement('div');
  box.className = 'hub-form';
  me.parentNode.insertBefore(box, me);
  function el(tag, attrs, text) {
    var e = d.createElement(tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text) e.textContent = text;
    return e;
  }
  if (!d.getElementById('hub-form-css')) {
    d.head.appendChild(el('style', { id: 'hub-form-css' },
      '.hub-form__field{margin:0 0 1rem}.hub-form label{display:block;margin:0 0 .25rem}' +
      '.hub-form input,.hub-form textarea,.hub-form select{box-sizing:border-box;width:100%;font:inherit;padding:.5rem}' +
      '.hub-form .hub-form__check input{width:auto;margin:0;margin-inline-end:.5rem}.hub-form .hub-form__check label{display:inline}' +
      '.hub-form__error{color:#b91c1c;margin:.25rem 0 0}.hub-form__error:empty{display:none}' +
      '.hub-form__hp{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}'));
  }
  fetch(api, { credentials: 'omit' }).then(function (r) {
    if (!r.ok) throw r;
    return r.json();
  }).then(function (f) {
    var t = f.texts, inputs = {}, errors = {}, first;
    var form = el('form', { novalidate: '', lang: f.locale, dir: f.dir });
    function add(name, label, input, required, check) {
      var id = 'hub-' + key.slice(0, 8) + '-' + name;
      var wrap = el('div', { class: 'hub-form__field' + (check ? ' hub-form__check' : '') });
      var lab = el('label', { for: id }, label);
      var err = el('p', { id: id + '-e', class: 'hub-form__error' });
      input.id = id;
      input.name = name;
      input.setAttribute('aria-describedby', err.id);
      if (required) {
        input.required = true;
        lab.appendChild(el('span', { 'aria-hidden': 'true' }, ' *'));
      }
      if (check) wrap.append(input, lab, err);
      else wrap.append(lab, input, err);
      form.appendChild(wrap);
      inputs[name] = input;
      errors[name] = err;
    }
    function mark(name, text) {
      var i = inputs[name];
      i.setAttribute('aria-invalid', 'true');
      errors[name].textContent = text;
      first = first || i;
    }
    f.fields.forEach(function (q) {
      var input;
      if (q.type === 'textarea') input = el('textarea', { rows: 4 });
      else if (q.type === 'select') {
        input = el('select');
        input.appendChild(el('option', { value: '' }));
        q.options.forEach(function (o) { input.appendChild(el('option', { value: o }, o)); });
      } else input = el('input', { type: q.type });
      if (q.autocomplete) input.setAttribute('autocomplete', q.autocomplete);
      add(q.key, q.label, input, q.required, q.type === 'checkbox');
    });
    var consent = f.consent && el('input', { type: 'checkbox' });
    if (consent) add('_consent', f.consent.text, consent, f.consent.required, 1);
    var hp = el('input', { name: 'website', tabindex: '-1', autocomplete: 'off' });
    var trap = el('div', { class: 'hub-form__hp', 'aria-hidden': 'true' });
    var trapLabel = el('label', {}, 'Website');
    trapLabel.appendChild(hp);
    trap.appendChild(trapLabel);
    var status = el('p', { role: 'status' });
    var button = el('button', { type: 'submit' }, t.submit);
    form.append(trap, status, button);
    function failed() {
      button.disabled = false;
      status.textContent = t.failed;
    }
    form.onsubmit = function (e) {
      e.preventDefault();
      first = null;
      status.textContent = '';
      var answers = {};
      for (var name in inputs) {
        inputs[name].removeAttribute('aria-invalid');
        errors[name].textContent = '';
      }
      f.fields.forEach(function (q) {
        var i = inputs[q.key], v = q.type === 'checkbox' ? i.checked : i.value.trim();
        if (q.required && !v) mark(q.key, t.required);
        else if (q.type === 'email' && v && !/^[^\\s@]+@[^\\s@]+$/.test(v)) mark(q.key, t.invalid);
        if (v || q.type === 'checkbox') answers[q.key] = v;
      });
      if (consent && f.consent.required && !consent.checked) mark('_consent', t.required);
      if (first) return first.focus();
      button.disabled = true;
      fetch(api + '/submissions', {
        method: 'POST',
        credentials: 'omit',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify({
          token: f.token, answers: answers, consent: consent ? consent.checked : undefined,
          hp: hp.value, page: location.href
        })
      }).then(function (r) {
        return r.json().then(function (b) {
          if (r.ok) {
            if (f.redirectUrl) return location.assign(f.redirectUrl);
            var done = el('p', { role: 'status', tabindex: '-1' }, t.thankYou);
            box.replaceChildren(done);
            return done.focus();
          }
          (b.issues || []).forEach(function (i) {
            var name = i.path === 'consent' ? '_consent' : i.path.slice(8);
            if (inputs[name]) mark(name, /Required$/.test(b.messageId) ? t.required : t.invalid);
          });
          if (first) {
            button.disabled = false;
            first.focus();
          } else failed();
        });
      }).catch(failed);
    };
    box.appendChild(form);
  }).catch(function () {});
})();`;

let minified: Promise<string> | null = null;

/** The minified script, built once per process. */
export function embedScript(): Promise<string> {
  minified ??= transform(source, { minify: true, target: 'es2019' }).then((r) => r.code);
  return minified;
}

/** The tag a site owner pastes where the form should appear. */
export function embedSnippet(origin: string, key: string): string {
  return `<script async data-form="${key}" src="${origin}/api/forms/embed.js"></script>`;
}
