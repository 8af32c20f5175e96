import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

type RegionCheckboxesProps = {
  legend: string;
  idPrefix: string;
  regions: readonly string[];
  checked: readonly string[];
  disabled: boolean;
  onChange: (region: string, checked: boolean) => void;
};

/** A group of region checkboxes, named by its legend (so each override's boxes are told apart). */
export function RegionCheckboxes({
  legend,
  idPrefix,
  regions,
  checked,
  disabled,
  onChange,
}: RegionCheckboxesProps) {
  return (
    <fieldset className="space-y-3" aria-label={legend} data-testid={`regions-${idPrefix}`}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {regions.map((region) => {
          const id = `${idPrefix}-${region}`;
          return (
            <div key={region} className="flex items-center gap-2">
              <Checkbox
                id={id}
                checked={checked.includes(region)}
                disabled={disabled}
                onCheckedChange={(value) => onChange(region, value === true)}
              />
              <Label htmlFor={id} className="font-normal">
                {region}
              </Label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
