import { useTranslation } from '../../lib/i18n';
import { useModals } from '../../modals/ModalProvider';
import { Icon } from '../../ui/icons/icons';
import { useWheel } from './use-wheel';

/**
 * The header's Wheel of Fortune button, shown to a player while today's spin is earned and unused
 * (it appears as the qualifying deposit lands): it opens the FortuneWheel modal to spin in place.
 */
export function WheelHeaderButton({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const { open } = useModals();
  const { state } = useWheel(playerId);
  if (state.status !== 'ready' || !state.data.can_spin) return null;
  return (
    <button
      type="button"
      className="icon-button header__wheel"
      aria-label={t('wheel.headerReady')}
      title={t('wheel.headerReady')}
      aria-haspopup="dialog"
      onClick={() => open('FortuneWheel')}
      data-wheel-header
    >
      <Icon name="wheel" size={20} />
    </button>
  );
}
