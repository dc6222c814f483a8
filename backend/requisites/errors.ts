import { ErrorCode } from '../../common/api';
import { AppErrorWith } from '../platform/errors';

/** 422 card_number_invalid: the digits fail the Luhn check. */
export class CardNumberInvalid extends AppErrorWith(422, ErrorCode.CardNumberInvalid) {}

/** 409 requisite_exists: the user already saved this card or wallet. */
export class RequisiteExists extends AppErrorWith(409, ErrorCode.RequisiteExists) {}

/** 409 invalid_transition: the requisite is not in a state that takes this (a photo of a verified card, a decision on a decided one). */
export class RequisiteStateConflict extends AppErrorWith(409, ErrorCode.InvalidTransition) {}
