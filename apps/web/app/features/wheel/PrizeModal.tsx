import { useModals } from '../../modals/ModalProvider';
import { PrizeModal as LootboxPrizeModal } from '../bonuses/PrizeModal';
import { WheelPrize } from './WheelPrize';
import type { WheelPrizeData } from './WheelSpinner';

/**
 * The Prize modal (spec §2): a wheel spin's prize when a spin opened it, otherwise the lootbox prize
 * the bonus engine shows (a lootbox opened, or the modal's URL hash).
 */
export function PrizeModal() {
  const { stack } = useModals();
  const data = stack.find((modal) => modal.name === 'Prize')?.data as Partial<WheelPrizeData> | undefined;
  return data?.wheelSpin ? <WheelPrize data={data as WheelPrizeData} /> : <LootboxPrizeModal />;
}
