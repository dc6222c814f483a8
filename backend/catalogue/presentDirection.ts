import type { DirectionDto, DirectionFees, ExtraFieldDto, FeeDto } from '../../common/catalogue';
import type { Schedule } from '../../common/schedule';
import type { Attributes } from 'sequelize';
import type { Direction } from '../models';

function presentExtraField(field: ExtraFieldDto): ExtraFieldDto {
  const dto: ExtraFieldDto = { name: field.name, required: field.required };
  if (field.pattern !== undefined) dto.pattern = field.pattern;
  return dto;
}

function presentFee(fee: FeeDto): FeeDto {
  return { value: fee.value, unit: fee.unit };
}

function presentFees(fees: DirectionFees): DirectionFees {
  const dto: DirectionFees = {};
  if (fees.minFee !== undefined) dto.minFee = fees.minFee;
  if (fees.fromFee !== undefined) dto.fromFee = presentFee(fees.fromFee);
  if (fees.toFee !== undefined) dto.toFee = presentFee(fees.toFee);
  return dto;
}

export function presentSchedule(schedule: Schedule): Schedule {
  return {
    utcOffsetMinutes: schedule.utcOffsetMinutes,
    ranges: schedule.ranges.map(({ day, from, to }) => ({ day, from, to })),
  };
}

/**
 * The public view of a direction (an instance or a raw row read by fromRawRow): an explicit whitelist, never `toJSON()`. `oneWay` may be
 * passed in when the caller knows better than the stored flag (the reverse is disabled).
 */
export function presentDirection(direction: Attributes<Direction>, options: { oneWay?: boolean } = {}): DirectionDto {
  const dto: DirectionDto = {
    from: direction.fromCode,
    to: direction.toCode,
    markup: direction.markup,
    minAmount: direction.minAmount,
    maxAmount: direction.maxAmount,
    rateTypes: [...direction.rateTypes],
    fixedPeriodMinutes: direction.fixedPeriodMinutes,
    manual: direction.manual,
    oneWay: options.oneWay ?? direction.oneWay,
    extraFields: direction.extraFields.map(presentExtraField),
    enabled: direction.enabled,
  };
  if (direction.fees) dto.fees = presentFees(direction.fees);
  if (direction.schedule) dto.schedule = presentSchedule(direction.schedule);
  return dto;
}
