// jest cannot load Quill's ES modules; the engine's Editor is driven here through this small
// stand-in with the calls it makes (the real Quill runs in the browser test, 11-model).
class Quill {
  constructor(container, options) {
    this.root = document.createElement('div');
    this.root.className = 'ql-editor';
    this.root.setAttribute('contenteditable', 'true');
    if (options && options.placeholder) this.root.dataset.placeholder = options.placeholder;
    container.appendChild(this.root);
    this.handlers = {};
    this.clipboard = { dangerouslyPasteHTML: (html) => { this.root.innerHTML = html || '<p><br></p>'; } };
    this.root.addEventListener('input', () => (this.handlers['text-change'] || []).forEach((h) => h()));
    this.root.addEventListener('blur', () => (this.handlers['selection-change'] || []).forEach((h) => h(null)));
  }
  on(name, handler) { (this.handlers[name] = this.handlers[name] || []).push(handler); }
  enable(on) { this.root.setAttribute('contenteditable', on === false ? 'false' : 'true'); }
  getText() { return this.root.textContent || ''; }
}
module.exports = Quill;
module.exports.default = Quill;
