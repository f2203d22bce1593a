/**
 * Sends popup leads to POST /api/leads. When the network or the server fails,
 * the lead waits in localStorage and is sent again on the next page load, so
 * a visitor's number is never lost (the spec's popup completes regardless).
 */
type LeadBody = { name: string; phone: string; website?: string };
type SendResult = { status: "sent" } | { status: "queued" } | { status: "invalid"; error: string; fields: Record<string, string> };

export const OUTBOX_KEY = "pravas.leadOutbox";
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

type QueuedLead = LeadBody & { queuedAt: number };

function post(lead: LeadBody) {
  return fetch("/api/leads", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(lead),
    keepalive: true,
  });
}

/** 2xx, or a 4xx that says the lead itself is unacceptable: retrying would not help. */
function isSettled(status: number) {
  return (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 408 && status !== 429);
}

function readQueue(): QueuedLead[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as QueuedLead[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(queue: QueuedLead[]) {
  try {
    if (queue.length) localStorage.setItem(OUTBOX_KEY, JSON.stringify(queue));
    else localStorage.removeItem(OUTBOX_KEY);
  } catch {
    // blocked storage: the lead cannot be kept
  }
}

function enqueue(lead: LeadBody) {
  writeQueue([...readQueue(), { ...lead, queuedAt: Date.now() }]);
}

export async function sendLead(lead: LeadBody): Promise<SendResult> {
  try {
    const response = await post(lead);
    if (response.ok) return { status: "sent" };
    if (response.status === 400) {
      const body = (await response.json().catch(() => ({}))) as { error?: string; fields?: Record<string, string> };
      return { status: "invalid", error: body.error ?? "Please check the form.", fields: body.fields ?? {} };
    }
    // Any other answer (429, 503 ...): kept and sent again on the next visit.
  } catch {
    // Offline or the server unreachable: kept and sent again on the next visit.
  }
  enqueue(lead);
  return { status: "queued" };
}

/** Sends the leads left over from earlier visits; keeps the ones that still fail. */
export async function flushOutbox() {
  const queue = readQueue().filter((lead) => Date.now() - lead.queuedAt < MAX_AGE_MS);
  if (queue.length === 0) return;
  // Take the queue first, so a second tab does not send the same leads.
  writeQueue([]);
  const failed: QueuedLead[] = [];
  for (const lead of queue) {
    try {
      const { queuedAt: _queuedAt, ...body } = lead;
      const response = await post(body);
      if (!isSettled(response.status)) failed.push(lead);
    } catch {
      failed.push(lead);
    }
  }
  if (failed.length) writeQueue([...readQueue(), ...failed]);
}
