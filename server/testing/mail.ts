// The outbox as stored: the mail module's own test set-up, through its door.
export { confirmationsOf, erasedCustomersMails, markMailFailed } from "../modules/mail";
