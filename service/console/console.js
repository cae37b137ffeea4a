// The console page: the same operations as /console/api, by hand. Plain DOM, no inline script (the page's CSP
// allows only this file).
'use strict';

const $ = (selector) => document.querySelector(selector);

function say(message, ok) {
  const status = $('#status');
  status.textContent = message;
  status.className = ok ? 'ok' : '';
}

// Every write goes as JSON, a bodiless one included: the service refuses any other write to the console API (what a
// page of another origin could send without a CORS preflight).
async function api(method, path, body) {
  const response = await fetch(`/console/api${path}`, {
    method,
    headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(body === undefined ? {} : body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(json.error ? json.error.message : `HTTP ${response.status}`);
  return json;
}

function cell(row, text) {
  const td = document.createElement('td');
  td.textContent = text;
  row.appendChild(td);
  return td;
}

function button(label, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.addEventListener('click', () => onClick().then(() => {
    say('Done.', true);
    return refresh();
  }).catch((e) => say(e.message, false)));
  return b;
}

async function refreshKeys() {
  const { keys } = await api('GET', '/keys');
  const body = $('#keys tbody');
  body.replaceChildren();
  for (const key of keys) {
    const row = document.createElement('tr');
    cell(row, key.name);
    cell(row, key.type);
    cell(row, key.interfaces.join(', '));
    cell(row, key.enabled ? 'enabled' : 'disabled');
    const code = document.createElement('code');
    code.textContent = key.key;
    cell(row, '').appendChild(code);
    const actions = cell(row, '');
    if (key.type === 'personal') {
      actions.appendChild(button(key.enabled ? 'Disable' : 'Enable', () => api('POST', `/keys/${encodeURIComponent(key.id)}/${key.enabled ? 'disable' : 'enable'}`)));
      actions.appendChild(button('Delete', () => api('DELETE', `/keys/${encodeURIComponent(key.id)}`)));
    }
    body.appendChild(row);
  }
}

async function refreshAccount() {
  const account = await api('GET', '/account');
  const form = $('#account');
  form.realNameVerified.checked = account.realNameVerified;
  form.balance.value = String(account.balance);
  for (const box of form.querySelectorAll('input[name="models"]')) box.checked = account.models.includes(box.value);
}

async function refreshKnowledgeBases() {
  const { knowledgeBases } = await api('GET', '/knowledge-bases');
  const list = $('#knowledge-bases');
  list.replaceChildren();
  for (const kb of knowledgeBases) {
    const item = document.createElement('li');
    const count = kb.documents.length;
    item.textContent = `#${kb.id} ${kb.name} (${count} ${count === 1 ? 'document' : 'documents'}) `;
    item.appendChild(button('Delete', () => api('DELETE', `/knowledge-bases/${kb.id}`)));
    list.appendChild(item);
  }
}

async function refreshCredentials() {
  const { credentials } = await api('GET', '/speech-credentials');
  const list = $('#speech-credentials');
  list.replaceChildren();
  for (const c of credentials) {
    const item = document.createElement('li');
    item.textContent = `appkey ${c.appkey} / token ${c.token}`;
    list.appendChild(item);
  }
}

function refresh() {
  return Promise.all([refreshKeys(), refreshAccount(), refreshKnowledgeBases(), refreshCredentials()]).catch((e) => say(e.message, false));
}

function onSubmit(selector, action) {
  $(selector).addEventListener('submit', (event) => {
    event.preventDefault();
    action(event.target).then(() => {
      say('Saved.', true);
      return refresh();
    }).catch((e) => say(e.message, false));
  });
}

onSubmit('#create-key', (form) => api('POST', '/keys', {
  name: form.name.value,
  interfaces: [...form.querySelectorAll('input[name="interfaces"]:checked')].map((b) => b.value),
}));
onSubmit('#account', (form) => api('PUT', '/account', {
  realNameVerified: form.realNameVerified.checked,
  balance: Number(form.balance.value),
  models: [...form.querySelectorAll('input[name="models"]:checked')].map((b) => b.value),
}));
onSubmit('#create-kb', (form) => api('POST', '/knowledge-bases', { name: form.name.value, documents: [{ title: form.title.value, text: form.text.value }] }));
onSubmit('#create-credential', (form) => {
  const pair = {};
  if (form.appkey.value.trim()) pair.appkey = form.appkey.value.trim();
  if (form.token.value.trim()) pair.token = form.token.value.trim();
  return api('POST', '/speech-credentials', pair);
});

refresh();
