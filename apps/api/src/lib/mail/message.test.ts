import { describe, expect, it } from 'vitest';
import { formatCedis } from '@aduro/shared/money';
import { linkTo, renderMessage } from './message.ts';

describe('renderMessage', () => {
  it('escapes every interpolated value in the HTML part and leaves the text part as written', () => {
    const name = 'Ama <script>alert("x")</script> & Sons';
    const { text, html } = renderMessage({
      heading: `Order from ${name}`,
      lines: [`${name} ordered 12 boxes for ${formatCedis(1629)}.`],
      action: { label: `See <${name}>`, url: 'https://aduro.example.com/supplier/orders?id=7&tab="x"' },
      footer: `Sent to ${name}`,
    });

    expect(html).not.toContain('<script>');
    expect(html).not.toContain('"x"');
    expect(html).toContain('Ama &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons');
    expect(html).toContain('href="https://aduro.example.com/supplier/orders?id=7&amp;tab=&quot;x&quot;"');
    expect(html).toContain('GH₵1,629.00');
    expect(text).toContain(`${name} ordered 12 boxes for GH₵1,629.00.`);
    expect(text).toContain(`Sent to ${name}`);
  });

  it('puts the action link in both parts, as a button and written out in the HTML', () => {
    const url = linkTo('https://aduro.example.com/app', '/customer/invoices');
    const { text, html } = renderMessage({
      heading: 'Invoice INV-2026-0042 is due',
      lines: ['It falls due on 30 November.'],
      action: { label: 'Open your invoices', url },
    });

    expect(url).toBe('https://aduro.example.com/app/customer/invoices');
    expect(text).toContain('Open your invoices: https://aduro.example.com/app/customer/invoices');
    expect(html).toContain('<a href="https://aduro.example.com/app/customer/invoices"');
    expect(html).toContain('>Open your invoices</a>');
    expect(html.match(/https:\/\/aduro\.example\.com\/app\/customer\/invoices/g)).toHaveLength(2);
  });

  it('says the same thing in both parts, in order, with no link or footer when none is given', () => {
    const { text, html } = renderMessage({ heading: 'Welcome', lines: ['First.', 'Second.'] });

    expect(text).toBe('Welcome\n\nFirst.\n\nSecond.\n');
    expect(html.indexOf('First.')).toBeLessThan(html.indexOf('Second.'));
    expect(html).not.toContain('<a ');
    expect(html).not.toMatch(/<img|<style|<link/);
  });

  it('refuses an action link that is not http or https', () => {
    expect(() =>
      renderMessage({ heading: 'x', lines: [], action: { label: 'Go', url: 'javascript:alert(1)' } }),
    ).toThrow(RangeError);
  });
});
