// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { BUILT_CALCULATORS } from '../catalog';
import { calculatorPageSetup } from '../page-setup';
import { FALLBACK_DEFAULTS } from '../registry';
import { RESULTS_VIEWS } from '../views';
import { toDom } from './dom';
import { toHtml } from './html';
import { h } from './node';

describe('the calculators’ markup', () => {
  it('escapes text and attributes, and leaves out false and empty attributes', () => {
    expect(toHtml(h('p', { class: 'x', title: 'a "b" & <c>', hidden: false, role: null }, '<script>&', 5))).toBe(
      '<p class="x" title="a &quot;b&quot; &amp; &lt;c&gt;">&lt;script&gt;&amp;5</p>',
    );
    expect(toHtml(h('input', { required: true }))).toBe('<input required>');
  });

  it('is the same page in the browser’s DOM as in the server’s HTML, for every calculator, valid or not', () => {
    for (const id of BUILT_CALCULATORS)
      for (const query of ['', 'amount=abc&years=99&income=x']) {
        const { parsed, setup } = calculatorPageSetup(id, new URLSearchParams(query), FALLBACK_DEFAULTS);
        const view = RESULTS_VIEWS[id](parsed, setup.inputs, false);
        const built = document.createElement('div');
        built.appendChild(toDom([view]));
        const parsedHtml = document.createElement('div');
        parsedHtml.innerHTML = toHtml(view);
        expect(built.innerHTML, `${id} ?${query}`).toBe(parsedHtml.innerHTML);
        expect(built.querySelector('svg')?.namespaceURI ?? 'http://www.w3.org/2000/svg').toBe('http://www.w3.org/2000/svg');
      }
  });
});
