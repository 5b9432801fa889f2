import { z } from 'zod';
import { LANGUAGE_CODES, languageMessages } from './languages.ts';

// Apart from the list (languages.ts), which pages read without loading the schema library.

/** A language of the list; any other code is refused with the list of choices. */
export const languageSchema = z.enum(LANGUAGE_CODES, { error: languageMessages.unknown });
