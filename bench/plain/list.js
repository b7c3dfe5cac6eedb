// The browser baseline: the same rows from the same call, written with one innerHTML, every row
// in the DOM, no framework. `window.benchUpdate(exch)` rewrites the price cells' text in place.

const params = new URLSearchParams(location.search);
const perPage = Number(params.get('per_page'));
const token = localStorage.getItem('usertoken');
const lakh = new Intl.NumberFormat('en-IN');
const usd = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function prices(row, v) {
  const pkr = Math.round(row.modelPriceUsd * v.exch);
  const fare = Math.round(pkr * v.fare);
  const duties = Math.round(pkr * v.duties);
  const cost = pkr + fare + duties;
  const profit = Math.round(cost * v.profit);
  return [pkr, fare, duties, cost, profit, cost + profit];
}

// The server's anti-forgery pair, as the app sends it (docs/design.md §4).
const xsrf = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');

async function call(path, body) {
  const response = await fetch(`/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

const [{ tableData }, { variables }] = await Promise.all([call('models', { filters: {}, page: 1, per_page: perPage }), call('variables')]);
const v = {
  exch: Number(variables.exch),
  fare: Number(variables.fare),
  duties: Number(variables.duties),
  profit: Number(variables.profit),
  tr: Number(variables.tr),
};
const rows = tableData.data;
document.querySelector('tbody').innerHTML = rows
  .map((row) => {
    const kw = row.modelCapacityKW;
    const figures = prices(row, v)
      .map((n) => `<td>${lakh.format(n)}</td>`)
      .join('');
    return `<tr><td>${escape(row.seriesName)}</td><td>${escape(row.modelName)}</td><td>${kw ?? '-'}</td><td>${kw === null ? '-' : (kw / v.tr).toFixed(2)}</td><td>$${usd.format(row.modelPriceUsd)}</td>${figures}<td>${lakh.format(row.modelQuantity)}</td><td>${row.modelIsActive === 1 ? 'Active' : 'Inactive'}</td><td><a href="/models/log-model/${row.id}">Logs</a> <a href="/models/edit-model/${row.id}">Edit</a></td></tr>`;
  })
  .join('');
document.getElementById('footer').textContent = `Showing ${tableData.from} to ${tableData.to} of ${tableData.total} entries`;

window.benchUpdate = (exch) =>
  new Promise((resolve) => {
    const start = performance.now();
    const next = { ...v, exch: Number(exch) };
    const trs = document.querySelector('tbody').rows;
    rows.forEach((row, index) => {
      const cells = trs[index].cells;
      prices(row, next).forEach((n, at) => {
        cells[5 + at].textContent = lakh.format(n);
      });
    });
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
  });
