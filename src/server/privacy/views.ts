import { isAdminRole, roleNames } from '#src/schemas/roles.ts';
import type { PersonDataView } from '#src/schemas/privacy-view.ts';
import { type ObjectStore, storageKeys } from '../storage/object-store.ts';
import type { PersonData } from './queries.ts';

export function toPersonDataView(email: string, data: PersonData): PersonDataView {
  const eventsOf = (leadId: string) => data.events.filter((event) => event.leadId === leadId).length;
  const callbackEventsOf = (contactId: string) => data.callbackEvents.filter((event) => event.contactId === contactId);
  return {
    email,
    callbacks: data.callbacks.map((row) => ({
      _id: row.id,
      name: row.name,
      phone: row.phone,
      subject: row.subject,
      createdAt: row.createdAt.toISOString(),
      events: callbackEventsOf(row.id).length,
    })),
    requests: data.requests.map((row) => ({
      _id: row.id,
      kind: row.kind,
      reference: row.reference,
      status: row.status,
      name: row.name,
      phone: row.phone,
      createdAt: row.createdAt.toISOString(),
      files: data.files.filter((file) => file.leadId === row.id).map((file) => ({ _id: file.id, name: file.originalName, bytes: file.bytes })),
      events: eventsOf(row.id),
    })),
    mails: data.mails.map((mail) => ({
      _id: mail.id,
      subject: mail.subject,
      status: mail.status,
      hasBody: mail.text !== '',
      createdAt: mail.createdAt.toISOString(),
    })),
    user: data.user
      ? {
          _id: data.user.id,
          name: `${data.user.firstName} ${data.user.lastName}`.trim(),
          isAdmin: isAdminRole(data.user.role),
          role: data.user.role,
          createdAt: data.user.createdAt.toISOString(),
        }
      : null,
  };
}

/**
 * The subject-access export: one JSON document with every record held about the person, the
 * documents they sent included (base64, with name and type), so it is complete in one file
 * any program can read. Internal keys (idempotency keys, request hashes, password hashes,
 * two-factor secrets) and staff members' ids are left out: they are not the person's data.
 */
export async function toPersonDataExport(email: string, data: PersonData, objects: ObjectStore, requestId: string) {
  const callbackEventsOf = (contactId: string) => data.callbackEvents.filter((event) => event.contactId === contactId);
  const file = async (row: PersonData['files'][number]) => ({
    name: row.originalName,
    type: row.mime,
    bytes: row.bytes,
    receivedAt: row.createdAt.toISOString(),
    // A document whose file is missing is still listed, without its content.
    contentBase64: await objects
      .get(storageKeys.leadFile(row.id))
      .then(async (stored) => (stored ? Buffer.concat(await stored.body.toArray()).toString('base64') : null)),
  });
  return {
    format: 'subject-access-export/1',
    requestId,
    email,
    exportedAt: new Date().toISOString(),
    callbacks: data.callbacks.map((row) => ({
      id: row.id,
      receivedAt: row.createdAt.toISOString(),
      name: row.name,
      email: row.email,
      phone: row.phone,
      subject: row.subject,
      message: row.message,
      copiedTo: row.recipientEmails,
      status: row.status,
      updatedAt: row.updatedAt.toISOString(),
      history: callbackEventsOf(row.id).map((event) => ({
        at: event.createdAt.toISOString(),
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        note: event.note,
        // A next step's words and due day, an outcome's figures: what the timeline shows.
        kind: event.kind,
        detail: event.detail,
      })),
    })),
    requests: await Promise.all(
      data.requests.map(async (row) => ({
        id: row.id,
        kind: row.kind,
        reference: row.reference,
        status: row.status,
        receivedAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        name: row.name,
        email: row.email,
        phone: row.phone,
        registration: row.registration,
        answers: row.answers,
        history: data.events
          .filter((event) => event.leadId === row.id)
          .map((event) => ({
            at: event.createdAt.toISOString(),
            fromStatus: event.fromStatus,
            toStatus: event.toStatus,
            note: event.note,
            kind: event.kind,
            detail: event.detail,
          })),
        documents: await Promise.all(data.files.filter((document) => document.leadId === row.id).map(file)),
      })),
    ),
    mails: data.mails.map((mail) => ({
      id: mail.id,
      createdAt: mail.createdAt.toISOString(),
      status: mail.status,
      sentAt: mail.sentAt?.toISOString() ?? null,
      to: mail.to,
      cc: mail.cc,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    })),
    account: data.user
      ? {
          firstName: data.user.firstName,
          lastName: data.user.lastName,
          email: data.user.email,
          pendingEmail: data.user.pendingEmail,
          role: roleNames[data.user.role],
          twoFactorEnabled: data.user.twoFactorEnabled,
          createdAt: data.user.createdAt.toISOString(),
          updatedAt: data.user.updatedAt.toISOString(),
        }
      : null,
  };
}
