// The public face of the timeline module: what other modules may import. Everything else here is private.
export {
  actorName,
  deleteTenantEventsUnscoped,
  PLATFORM_TIMELINE,
  queryEvents,
  recordEvent,
  type RecordEventInput,
  userEvent,
} from './timeline.service.ts';
