/** Appointment | AppointmentRef, Attachment | AttachmentRef and TimeSlot (interface.md 2.5, decisions.md). */
import * as z from './zod';
import { TimePeriod, isBefore, nonEmpty, refTo, rule } from './common';

export const Appointment = z.object({
  '@type': z.literal('Appointment'),
  validFor: TimePeriod.optional(),
  description: z.string().optional(),
});

export const AppointmentRef = refTo('AppointmentRef', 'Appointment');

export const AppointmentOrRef = z.discriminatedUnion('@type', [Appointment, AppointmentRef]);

/** The shared time slot: a validFor period whose start lies before its end (decisions.md). */
export const TimeSlot = z.object({
  '@type': z.literal('TimeSlot').optional(),
  validFor: TimePeriod.refine((p) => isBefore(p.startDateTime, p.endDateTime), {
    message: rule.startBeforeEnd,
    path: ['endDateTime'],
    // Compare only two valid date-times: a malformed start must not also flag the end as "not after the start".
    when: (payload) => payload.issues.length === 0,
  }),
});

/** Attachment fields beyond validFor are not shown by the interface: read them tolerantly. */
export const Attachment = z.looseObject({
  '@type': z.literal('Attachment'),
  validFor: TimePeriod.optional(),
  name: nonEmpty().optional(),
  url: nonEmpty().optional(),
  mimeType: nonEmpty().optional(),
  description: z.string().optional(),
});

export const AttachmentRef = refTo('AttachmentRef', 'Attachment');

export const AttachmentOrRef = z.discriminatedUnion('@type', [Attachment, AttachmentRef]);

export type Appointment = z.infer<typeof Appointment>;
export type AppointmentRef = z.infer<typeof AppointmentRef>;
export type AppointmentOrRef = z.infer<typeof AppointmentOrRef>;
export type TimeSlot = z.infer<typeof TimeSlot>;
export type AttachmentOrRef = z.infer<typeof AttachmentOrRef>;
