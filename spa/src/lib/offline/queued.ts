// What a create answers when it went to the offline queue instead (lib/offline/create-or-queue.ts):
// a module of its own, so that the forms can tell without loading the queue.

export interface Queued {
  enfileirado: true;
  id: string;
}

export function isQueued(reply: unknown): reply is Queued {
  return typeof reply === 'object' && reply !== null && 'enfileirado' in reply;
}
