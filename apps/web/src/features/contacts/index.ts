/** The people feature's public API (STYLE §1): what other features (the questions hub, the composer) may use. */
export { useContacts, contactsQueryOptions, contactListsQueryKey, type ContactListParams } from './api/get-contacts';
export { formatContactName, formatContactRole } from './utils/contact-format';
