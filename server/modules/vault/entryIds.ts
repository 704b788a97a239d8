import { ENTRY_CHANGED_ELSEWHERE } from '../../../src/common/entry';
import { conflict, notFound } from '../../http/errors';

export const ENTRY_NOT_FOUND = 'Password not found';

/** Ids are UUIDs (version 7 since newOrderedId, 4 before); anything else cannot be an entry. */
export const ENTRY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const entryNotFound = () => notFound(ENTRY_NOT_FOUND);

/** An update made from an entry as it was before another change (PUT's ifUpdatedAt): it would undo that change. */
export const entryChangedElsewhere = () => conflict(ENTRY_CHANGED_ELSEWHERE);
