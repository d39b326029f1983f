/** A small site content and its draft as the server answers them (bindings/SiteDraft.ts), for the editor's tests. */
import type { SiteContent, SubBodyId } from '@bindings/SiteContent';
import type { SiteDraft, SiteVersion } from '@bindings/SiteDraft';

const text = (en: string, mr: string) => ({ en, mr });
const ids: SubBodyId[] = ['YuvajanSangh', 'SeniorCitizen', 'CounsellingClub', 'VadhuVarMandal', 'ShikshanSanstha', 'MahilaMandal', 'PurohitSangh', 'TempleCommittee'];

export function fakeContent(): SiteContent {
  return {
    organisation: {
      name: { en: 'Test Samiti, Pune', mr: 'चाचणी समिती, पुणे', te: 'పరీక్ష సమితి, పుణె' },
      short_name: text('Test Samiti', 'चाचणी समिती'),
      devotional_line: '॥ श्री ॥',
      address: text('1 Test Road, Pune', '१ चाचणी रस्ता, पुणे'),
      phone: '+91 20 1111 2222',
      email: 'office@example.org',
      social: [
        { label: 'Facebook', url: 'https://www.facebook.com/test' },
        { label: 'YouTube', url: 'https://www.youtube.com/@test' },
      ],
      video_channel: 'https://www.youtube.com/@test',
      map_place: 'Pune',
    },
    team: [
      {
        title: text('Trustees', 'विश्वस्त मंडळ'),
        members: [
          { name: text('Mohan Deshmukh', 'मोहन देशमुख'), role: text('Managing Trustee', 'व्यवस्थापकीय विश्वस्त') },
          { name: text('Shrikant Patil', 'श्रीकांत पाटील'), role: text('Trustee', 'विश्वस्त'), phone: '9876543210' },
        ],
      },
      {
        title: text('Office Bearers', 'पदाधिकारी'),
        members: [{ name: text('Ramesh More', 'रमेश मोरे'), role: text('President', 'अध्यक्ष') }],
      },
      {
        title: text('Invited Members', 'निमंत्रित सदस्य'),
        members: [],
      },
    ],
    sub_bodies: ids.map((id) => ({ id, description: text(`About ${id}`, `${id} विषयी`), members: [] })),
    slides: [
      { image: '/images/home/slide-1.svg', title: text('Welcome', 'स्वागत'), text: text('Since 1935', '१९३५ पासून') },
      { image: '/images/home/slide-2.svg', title: text('Temple', 'मंदिर'), text: text('Daily puja', 'दैनंदिन पूजा') },
    ],
    sponsors: [{ image: '/images/sponsors/sponsor-1.svg', name: text('Sponsor 1', 'प्रायोजक १') }],
    about: text('Founded in 1935.\n\n## Our aims\n\n- Service', '१९३५ मध्ये स्थापना.'),
    privacy: text('We keep little.', 'आम्ही कमी माहिती ठेवतो.'),
  };
}

export function fakeDraft(extra: Partial<SiteDraft> = {}): SiteDraft {
  return {
    content: fakeContent(),
    revision: 4,
    sample: false,
    saved_at: '2026-03-09T18:45:00+05:30',
    saved_by: 'editor@example.org',
    published_version: 2,
    unpublished_changes: false,
    ...extra,
  };
}

export function fakeVersion(id: number, extra: Partial<SiteVersion> = {}): SiteVersion {
  return { id, published_at: '2026-03-01T10:00:00+05:30', published_by: 'owner@example.org', sample: false, current: false, ...extra };
}
