/**
 * Popup-form submissions made with no network: kept on the visitor's
 * own device (localStorage) until the connection returns, then sent as they were
 * and deleted. A file is kept only if small; a larger one cannot wait offline.
 */

const KEY = 'offline-leads';
/** A file above this is not copied into the device's storage (its quota is a few megabytes for the whole site). */
export const KEPT_FILE_BYTES = 1024 * 1024;

type KeptValue = string | { name: string; type: string; base64: string };
interface KeptLead {
  form: string;
  /** JSON, as the form posts it, or a multipart form's entries. */
  body: string | [string, KeptValue][];
}

const read = (): KeptLead[] => {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as KeptLead[]) : [];
  } catch {
    return [];
  }
};
const write = (leads: KeptLead[]) => (leads.length ? localStorage.setItem(KEY, JSON.stringify(leads)) : localStorage.removeItem(KEY));

const base64Of = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

/** Whether `body` could be kept: false when a file is too large or the device's storage is full. */
export async function keepLead(form: string, body: BodyInit): Promise<boolean> {
  let kept: KeptLead['body'];
  if (typeof body === 'string') kept = body;
  else if (body instanceof FormData) {
    kept = [];
    for (const [key, value] of body.entries()) {
      if (typeof value === 'string') kept.push([key, value]);
      else if (value.size > KEPT_FILE_BYTES) return false;
      else kept.push([key, { name: value.name, type: value.type, base64: await base64Of(value) }]);
    }
  } else return false;
  try {
    write([...read(), { form, body: kept }]);
    return true;
  } catch {
    return false;
  }
}

function requestOf(lead: KeptLead): RequestInit {
  if (typeof lead.body === 'string')
    return { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: lead.body };
  const data = new FormData();
  for (const [key, value] of lead.body) {
    if (typeof value === 'string') data.append(key, value);
    else data.append(key, new File([Uint8Array.from(atob(value.base64), (c) => c.charCodeAt(0))], value.name, { type: value.type }));
  }
  return { method: 'POST', headers: { accept: 'application/json' }, body: data };
}

/**
 * Sends what is kept, one by one, in one tab at a time (a lock), and deletes each
 * once the site has taken it. One the site refuses outright (not busy, not down)
 * is dropped: sent again it would be refused again. Returns how many went.
 */
export async function sendKeptLeads(): Promise<number> {
  if (read().length === 0) return 0;
  const run = async () => {
    let sent = 0;
    for (const lead of read()) {
      let status: number;
      try {
        status = (await fetch(`/api/forms/${encodeURIComponent(lead.form)}`, requestOf(lead))).status;
      } catch {
        break;
      }
      const retry = status === 408 || status === 429 || status >= 500;
      if (retry) break;
      write(read().filter((other) => JSON.stringify(other) !== JSON.stringify(lead)));
      if (status < 300) sent += 1;
      else console.warn(`Сохранённая заявка формы «${lead.form}» не принята: ${status}`);
    }
    return sent;
  };
  return navigator.locks ? navigator.locks.request(KEY, run) : run();
}
