import type { ContactInput } from "../../rules/account/forms";
import type { SiteId } from "../../rules/shared/site";
import { templates } from "../modules/mail";
import type { ContactService } from "../modules/contact";
import type { MailService } from "../modules/mail";

/** The modules a contact message touches. */
export type ContactPorts = { contact: ContactService; mail: MailService };

// SPEC §2/§7 contact form: the message is stored, mailed to the shop (reply-to the sender) and
// confirmed to the sender — without the sender's own text, so the form is no mail relay. Guarantees: the message is stored before any mail is recorded; a sender or
// address over the contact rate limit stores and mails nothing.

export async function sendContactMessage(
  services: ContactPorts,
  input: { site: SiteId; customerId: string | null; clientIp: string | null; storeName: string; contactTo: string; message: ContactInput },
): Promise<{ ok: true; id: string } | { ok: false; code: "RATE_LIMITED"; message: string }> {
  const m = input.message;
  const saved = await services.contact.save(input.site, input.customerId, m, input.clientIp);
  if (!saved.ok) return { ok: false, code: saved.code, message: saved.message };
  const { id } = saved;
  await services.mail.send({
    template: "contactToShop",
    to: input.contactTo,
    replyTo: m.email,
    content: templates.contactToShop({ storeName: input.storeName, site: input.site, ...m }),
  });
  await services.mail.send({
    template: "contactConfirmation",
    to: m.email,
    content: templates.contactConfirmation({ storeName: input.storeName, subject: m.subject }),
  });
  return { ok: true, id };
}
