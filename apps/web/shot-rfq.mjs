import { chromium } from '@playwright/test';
const BASE = 'http://localhost:3251';
const PW = 'demo1234';
async function token(email, userType) {
  const r = await fetch(`${BASE}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PW, userType }) });
  return (await r.json()).accessToken;
}
async function api(tok, method, path, body) {
  const r = await fetch(`${BASE}/api${path}`, { method, headers: { authorization: `Bearer ${tok}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const t = await r.text();
  if (!r.ok) throw new Error(`${method} ${path} ${r.status} ${t}`);
  return t ? JSON.parse(t) : null;
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
async function shoot(email, userType, path, name, widths = [390, 1280], act) {
  for (const w of widths) {
    const ctx = await browser.newContext({ viewport: { width: w, height: w === 390 ? 844 : 900 } });
    const page = await ctx.newPage();
    await page.goto(`${BASE}/login`);
    await page.getByRole('radio', { name: userType === 'customer' ? /customer|pharmacy|buyer/i : /supplier/i }).first().check({ force: true });
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PW);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname !== '/login');
    await page.goto(`${BASE}${path}`);
    await page.waitForTimeout(2500);
    if (act) { await act(page); await page.waitForTimeout(1200); }
    await page.screenshot({ path: `/tmp/shots/${name}-${w}.png`, fullPage: true });
    await ctx.close();
  }
}
const buyer = await token('buyer@accracare.demo', 'customer');
const tema = await token('stock@tema-pharma.demo', 'supplier');
const medi = await token('admin@accra-medilink.demo', 'supplier');
const west = await token('admin@westcoast-pharma.demo', 'supplier');
const products = await api(buyer, 'GET', '/products');
const list = Array.isArray(products) ? products : products.items;
const amox = list.find((p) => /Amoxicillin 500/.test(p.name));
const para = list.find((p) => /Paracetamol/.test(p.name));
const suppliers = await api(buyer, 'GET', `/products/${amox.id}/suppliers`);
const sl = Array.isArray(suppliers) ? suppliers : suppliers.items ?? suppliers.suppliers;
const ids = sl.map((s) => s.supplierId ?? s.id ?? s.supplier?.id).slice(0, 3);
console.log('suppliers', sl.map((s) => s.supplierName ?? s.name ?? s.supplier?.name));
const deadline = new Date(Date.now() + 2 * 86400000).toISOString();
const req = (d) => new Date(Date.now() + d * 86400000).toISOString().slice(0, 10);
const rfq = await api(buyer, 'POST', '/rfqs', { lines: [{ productId: amox.id, quantity: 200 }, { productId: para.id, quantity: 500 }], requiredBy: req(10), responseDeadline: deadline, deliveryLocation: 'AccraCare Pharmacy, 12 Oxford Street, Osu, Accra', notes: 'Deliver between 8am and 4pm; call ahead.', minShelfLifeDays: 180, invite: ids, sealed: true });
console.log('rfq', rfq);
const d = await api(tema, 'GET', `/rfqs/${rfq.id}`);
const l = d.lines;
await api(tema, 'PUT', `/rfqs/${rfq.id}/quote`, { lines: [{ rfqLineId: l[0].id, unitPrice: 9.5, quantity: 150, leadTimeDays: 3, earliestExpiry: req(400) }, { rfqLineId: l[1].id, unitPrice: 1.2, quantity: 500, leadTimeDays: 2, earliestExpiry: req(300) }], validUntil: req(20), paymentTerms: 'Net 30', notes: 'Price holds for full quantities.' });
await shoot('buyer@accracare.demo', 'customer', '/customer/rfqs', 'buyer-list');
await shoot('buyer@accracare.demo', 'customer', `/customer/rfqs/${rfq.id}`, 'buyer-open');
await shoot('stock@tema-pharma.demo', 'supplier', `/supplier?tab=quotes`, 'supplier-tab');
await shoot('stock@tema-pharma.demo', 'supplier', `/supplier?tab=quotes&rfq=${rfq.id}`, 'supplier-panel');
await api(medi, 'PUT', `/rfqs/${rfq.id}/quote`, { lines: [{ rfqLineId: l[0].id, unitPrice: 8.9, quantity: 100, leadTimeDays: 5, earliestExpiry: req(150) }], validUntil: req(20), paymentTerms: 'Prepaid' });
await api(west, 'POST', `/rfqs/${rfq.id}/decline`, { reason: 'No stock until next month' });
await api(buyer, 'POST', `/rfqs/${rfq.id}/close`);
await shoot('buyer@accracare.demo', 'customer', `/customer/rfqs/${rfq.id}`, 'buyer-closed');
await shoot('buyer@accracare.demo', 'customer', `/customer`, 'buyer-form', [390, 1280], async (page) => {
  await page.getByRole('link', { name: 'RFQs' }).first().click().catch(() => {});
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: /new|start|request/i }).first().click();
});
await browser.close();
