// The public face of the webhooks module, owner of `webhook_endpoints` and `webhook_deliveries`: how other modules
// raise an event (inside their own transaction), and the dispatcher the app runs. Everything else here is private.
export { emitWebhookEvent, type WebhookEventInput } from './webhook-emit.ts';
export { dispatchDepsOf, dispatchDueWebhooks, registerWebhookDispatcher, signWebhook, type DispatchDeps } from './webhook-dispatcher.ts';
