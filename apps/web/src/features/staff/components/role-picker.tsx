import type { Role } from '@aduro/shared/staff';
import { Checkbox } from '../../../components/ui/checkbox';
import { cn } from '../../../components/ui/cn';
import { describeRole } from '../utils/roles';

interface RolePickerProps {
  /** Assignable roles, already in display order. */
  roles: readonly Role[];
  /** Names of the roles ticked. */
  value: readonly string[];
  onToggle: (roleName: string, checked: boolean) => void;
  disabled?: boolean;
  /** Shows what each role opens under its name: useful when inviting, too tall for every directory row. */
  showDescriptions?: boolean;
  /** Prefix that keeps checkbox ids unique when several pickers share a page. */
  idPrefix: string;
  className?: string;
}

/** One checkbox per role; the same control in the invite form and in each directory row. */
export function RolePicker({
  roles,
  value,
  onToggle,
  disabled,
  showDescriptions = false,
  idPrefix,
  className,
}: RolePickerProps) {
  return (
    <div className={cn('grid gap-2', className)}>
      {roles.map((role) => (
        <Checkbox
          key={role.id}
          id={`${idPrefix}-${role.name}`}
          variant="tile"
          label={role.name}
          description={showDescriptions ? describeRole(role) : undefined}
          title={showDescriptions ? undefined : describeRole(role)}
          checked={value.includes(role.name)}
          disabled={disabled}
          onCheckedChange={(checked) => onToggle(role.name, checked)}
        />
      ))}
    </div>
  );
}
