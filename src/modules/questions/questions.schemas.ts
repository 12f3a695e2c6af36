import { Type } from '@sinclair/typebox';
import { RequiredText, StrictObject } from '../../http/schemas.js';

/** A question is a note, not a letter: long enough for a few paragraphs, bounded for the mail. */
export const MAX_QUESTION_LENGTH = 2000;

export const ItemQuestionBody = StrictObject({
  message: RequiredText(MAX_QUESTION_LENGTH, {
    description: 'What the customer asks; the shop answers by mail to their address',
  }),
});

export const ItemQuestionAccepted = Type.Object(
  { reply_to: Type.String({ description: 'The address the shop’s answer will go to' }) },
  { description: 'Accepted: the mail to the shop is queued and sent shortly' },
);
