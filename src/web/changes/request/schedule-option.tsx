import { useId, useState } from 'react';
import { ScheduleFields, type SetOption } from '@/changes/request/request-option-fields';
import { defaultRequestOptions, scheduleOf } from '@/changes/request/request-options';
import type { ScheduleInput } from '@/releases';

/** The request dialogs' "Schedule for later" on its own, for a form that files a request another way (a release). */
export const ScheduleOption: ScheduleInput = ({ disabled, error, onChange }) => {
  const id = useId();
  const [value, setValue] = useState(defaultRequestOptions);
  const set: SetOption = (key, next) => {
    const updated = { ...value, [key]: next };
    setValue(updated);
    onChange(scheduleOf(updated));
  };
  return (
    <ScheduleFields
      id={id}
      value={value}
      set={set}
      disabled={disabled}
      errors={error ? { schedule: error } : {}}
    />
  );
};
