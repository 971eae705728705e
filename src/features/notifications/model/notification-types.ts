/** What the notifications feature keeps and shows: one entry per event, and the state of the live connection. */

/** A page the event's resource has in this app. */
export type NotificationLink = { kind: 'ticket' | 'cancelOrder'; id: string };

export type NotificationItem = {
  /**
   * `<eventType>:<eventId>` (as the receiver judges repeats), or `seq:<n>` for an event POSTed without a body: the key
   * that makes it shown once.
   */
  key: string;
  /** An event name of the event table (src/domain/event-kinds.ts). */
  eventType: string;
  /** The id of the resource the event is about, when it names one. */
  resourceId?: string;
  /** The new status (ticket) or state (cancellation), when the event carries one. */
  status?: string;
  link?: NotificationLink;
  /**
   * What the provider asks the buyer to supply (TroubleTicketInformationRequiredEvent): JSON Pointers such as
   * `/accessLineId`, worded on screen by the field they name.
   */
  informationRequired?: string[];
  /**
   * Fields of the resource the panel's words for this kind show (`{{field}}`), as its row's `line.values` names them
   * (src/domain/event-kinds.ts): kept by the receiver, text only.
   */
  values?: Record<string, string>;
  /** The sender's own words: shown as text, never as markup. */
  title?: string;
  description?: string;
  /** ISO date-time: when it happened (timeOccurred, the OAS's timeOcurred, else eventTime), else when the relay received it. */
  time: string;
  read: boolean;
};

/** `off`: not configured, signed out, or no EventSource in this browser. */
export type ConnectionState =
  | { status: 'off' }
  | { status: 'connecting' }
  | { status: 'live' }
  | { status: 'reconnecting'; attempt: number; delaySeconds: number };
