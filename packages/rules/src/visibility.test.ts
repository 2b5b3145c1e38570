import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isVisible, type Viewer, type VisibilitySettings, visibleItems } from './visibility.ts';

const now = new Date('2026-07-15T14:30:15Z'); // a Wednesday
const vip: Viewer = { groups: ['vip', 'depositor'], abVariants: { hero: '/b' }, now };
const anonymous: Viewer = { groups: [], abVariants: {}, now };

describe('visibility settings (spec §5)', () => {
  it.each<[string, VisibilitySettings | undefined, Viewer, boolean]>([
    ['no settings', undefined, anonymous, true],
    ['empty rules', { show: {}, hide: {} }, anonymous, true],
    ['empty group lists', { show: { group: [] }, hide: { group: [] } }, anonymous, true],
    ['in a show group', { show: { group: ['newbie', 'vip'] } }, vip, true],
    ['in no show group', { show: { group: ['newbie'] } }, vip, false],
    ['anonymous with show groups', { show: { group: ['vip'] } }, anonymous, false],
    ['in a hide group', { hide: { group: ['depositor'] } }, vip, false],
    ['hide wins over show', { show: { group: ['vip'] }, hide: { group: ['depositor'] } }, vip, false],
    ['show date matches', { show: { date: 'wednesdays' } }, anonymous, true],
    ['show date does not match', { show: { date: 'mondays' } }, anonymous, false],
    ['hide date matches', { hide: { date: '01.07.2026-31.07.2026' } }, anonymous, false],
    ['hide date does not match', { hide: { date: '01.08.2026-31.08.2026' } }, anonymous, true],
    ['blank show date is no rule', { show: { date: '  ' } }, anonymous, true],
    ['unparsable show date hides', { show: { date: 'soon' } }, anonymous, false],
    ['unparsable hide date hides nothing', { hide: { date: 'soon' } }, anonymous, true],
    ['show A/B variant matches', { show: { ab: { id: 'hero', path: '/b' } } }, vip, true],
    ['show A/B variant differs', { show: { ab: { id: 'hero', path: '/a' } } }, vip, false],
    ['show A/B test not assigned', { show: { ab: { id: 'hero', path: '/b' } } }, anonymous, false],
    ['hide A/B variant matches', { hide: { ab: { id: 'hero', path: '/b' } } }, vip, false],
    ['hide A/B variant differs', { hide: { ab: { id: 'hero', path: '/a' } } }, vip, true],
    [
      'all show conditions met',
      { show: { group: ['vip'], date: 'wednesdays', ab: { id: 'hero', path: '/b' } } },
      vip,
      true,
    ],
    ['one show condition failing', { show: { group: ['vip'], date: 'thursdays' } }, vip, false],
  ])('%s', (_name, settings, viewer, expected) => {
    expect(isVisible(settings, viewer)).toBe(expected);
  });

  it('filters a list and keeps its order', () => {
    const items = [
      { id: 1 },
      { id: 2, visibilitySettings: { show: { group: ['vip'] } } },
      { id: 3, visibilitySettings: { hide: { group: ['vip'] } } },
      { id: 4, visibilitySettings: null },
    ];
    expect(visibleItems(items, vip).map((item) => item.id)).toEqual([1, 2, 4]);
    expect(visibleItems(items, anonymous).map((item) => item.id)).toEqual([1, 3, 4]);
  });
});

describe('visibility properties', () => {
  const groupNames = fc.constantFrom('vip', 'newbie', 'depositor', 'high_roller', 'churned');
  const viewers = fc.record({
    groups: fc.uniqueArray(groupNames, { maxLength: 5 }),
    abVariants: fc.constant({}),
    now: fc.constant(now),
  });

  it('a viewer in any hide group never sees the item, whatever else the settings say', () => {
    fc.assert(
      fc.property(
        viewers,
        fc.uniqueArray(groupNames, { minLength: 1 }),
        fc.uniqueArray(groupNames),
        (viewer, hide, show) => {
          const settings = { show: { group: show }, hide: { group: hide } };
          return hide.some((group) => viewer.groups.includes(group)) ? !isVisible(settings, viewer) : true;
        },
      ),
    );
  });

  it('with only group rules, visibility is: in some show group (if any) and in no hide group', () => {
    fc.assert(
      fc.property(viewers, fc.uniqueArray(groupNames), fc.uniqueArray(groupNames), (viewer, show, hide) => {
        const inShow = show.length === 0 || show.some((group) => viewer.groups.includes(group));
        const inHide = hide.some((group) => viewer.groups.includes(group));
        return isVisible({ show: { group: show }, hide: { group: hide } }, viewer) === (inShow && !inHide);
      }),
    );
  });
});
