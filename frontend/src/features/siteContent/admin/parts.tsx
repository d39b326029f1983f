/**
 * The editor's parts, one per tab: the organisation's details, the management team, the eight
 * sub-bodies, the home page's slides and sponsors, and the long texts of the About and Privacy
 * pages. Each draws its fields from the content by path (fields.tsx, ListEditor.tsx).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '@bindings/SiteContent';
import { useLanguage } from '@/lib/useLanguage';
import { emptyMember, inLanguage, joinPath, newItems, subBodyNames, type Part } from './draft';
import { Bilingual, PlaceMessage, TextAt } from './fields';
import { ImageField } from './ImageField';
import { ListEditor } from './ListEditor';
import { useEditor } from './EditorContext';
import styles from './AdminSiteContent.module.css';

function PartFrame({ title, intro, path, children }: { title: string; intro: string; path?: string; children: ReactNode }) {
  return (
    <div className={styles.part}>
      <h2 className={styles.partTitle}>{title}</h2>
      <p className={styles.partIntro}>{intro}</p>
      {path ? <PlaceMessage path={path} /> : null}
      {children}
    </div>
  );
}

function Organisation() {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  const { content } = useEditor();
  return (
    <PartFrame title={t('Organisation')} intro={t('The names, address and contacts shown in the header, the footer and the contact page.')} path="organisation">
      <Bilingual path="organisation.name" label={t('Name')} languages={['en', 'mr', 'te']} />
      <Bilingual path="organisation.short_name" label={t('Short name')} />
      <TextAt path="organisation.devotional_line" label={t('Devotional line')} lang="mr" hint={t('Shown above the name at the top of every page.')} />
      <Bilingual path="organisation.address" label={t('Address')} rows={3} />
      <div className="field-room">
        <div className="field-grid">
          <TextAt path="organisation.phone" label={t('Phone')} type="tel" inputMode="tel" />
          <TextAt path="organisation.email" label={t('Email')} type="email" />
        </div>
      </div>
      <TextAt path="organisation.video_channel" label={t('Video channel')} type="url" hint={t('The address of the channel, starting with https://')} />
      <TextAt path="organisation.map_place" label={t('Map place')} hint={t('The place the contact page’s map shows, as you would search for it on a map.')} />
      <h3 className={styles.sectionTitle}>{t('Social links')}</h3>
      <ListEditor
        path="organisation.social"
        items={content.organisation.social}
        itemName={(link, index) => link.label.trim() || t('Link {{number}}', { number: digits(index + 1) })}
        newItem={newItems.social}
        addLabel={t('Add a social link')}
        emptyText={t('No social links yet.')}
        headingLevel={4}
      >
        {(_link, path, name) => (
          <div className="field-room">
            <div className="field-grid">
              <TextAt path={joinPath(path, 'label')} label={t('Link name')} name={`${t('Link name')}: ${name}`} hint={t('For example Facebook')} />
              <TextAt path={joinPath(path, 'url')} label={t('Link address (https://…)')} name={`${t('Link address (https://…)')}: ${name}`} type="url" />
            </div>
          </div>
        )}
      </ListEditor>
    </PartFrame>
  );
}

/** The people of a group or a sub-body: name and role in both languages, an optional phone. */
function Members({ path, members, of }: { path: string; members: Member[]; of: string }) {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  return (
    <section className={styles.members} aria-label={t('Members: {{of}}', { of })}>
      <p className={styles.membersTitle}>{t('Members')}</p>
      <ListEditor
        path={path}
        items={members}
        itemName={(member, index) => inLanguage(member.name, lang) || t('Member {{number}}', { number: digits(index + 1) })}
        newItem={emptyMember}
        addLabel={t('Add a member')}
        emptyText={t('No members yet.')}
        headingLevel={4}
      >
        {(_member, memberPath, name) => (
          <>
            <Bilingual path={joinPath(memberPath, 'name')} label={t('Name')} of={name} />
            <Bilingual path={joinPath(memberPath, 'role')} label={t('Role')} of={name} />
            <TextAt path={joinPath(memberPath, 'phone')} label={t('Phone (optional)')} name={`${t('Phone (optional)')}: ${name}`} type="tel" inputMode="tel" optional />
          </>
        )}
      </ListEditor>
    </section>
  );
}

function Team() {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const { content } = useEditor();
  return (
    <PartFrame title={t('Management Team')} intro={t('The groups of the management team page, in the order shown, each with its people.')}>
      <ListEditor
        path="team"
        items={content.team}
        itemName={(group, index) => inLanguage(group.title, lang) || t('Group {{number}}', { number: digits(index + 1) })}
        newItem={newItems.group}
        addLabel={t('Add a group')}
        emptyText={t('No groups yet.')}
        headingLevel={3}
      >
        {(group, path, name) => (
          <>
            <Bilingual path={joinPath(path, 'title')} label={t('Group title')} of={name} />
            <Members path={joinPath(path, 'members')} members={group.members} of={name} />
          </>
        )}
      </ListEditor>
    </PartFrame>
  );
}

function SubBodies() {
  const { t } = useTranslation();
  const { content } = useEditor();
  return (
    <PartFrame title={t('Sub-bodies')} intro={t('The page of each sub-body: what it does and its people.')} path="sub_bodies">
      {content.sub_bodies.map((body, index) => {
        const path = joinPath('sub_bodies', index);
        const name = t(subBodyNames[body.id] ?? body.id);
        return (
          <section key={body.id} className={styles.subBody} aria-labelledby={`sub-body-${body.id}`}>
            <h3 id={`sub-body-${body.id}`} className={styles.sectionTitle}>
              {name}
            </h3>
            <PlaceMessage path={path} />
            <Bilingual path={joinPath(path, 'description')} label={t('Description')} rows={4} of={name} />
            <Members path={joinPath(path, 'members')} members={body.members} of={name} />
          </section>
        );
      })}
    </PartFrame>
  );
}

function Home() {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const { content } = useEditor();
  return (
    <PartFrame title={t('Home page')} intro={t('The slides at the top of the home page and the sponsors’ advertisements.')}>
      <h3 className={styles.sectionTitle}>{t('Slides')}</h3>
      <ListEditor
        path="slides"
        items={content.slides}
        itemName={(slide, index) => inLanguage(slide.title, lang) || t('Slide {{number}}', { number: digits(index + 1) })}
        newItem={newItems.slide}
        addLabel={t('Add a slide')}
        emptyText={t('No slides yet.')}
        headingLevel={4}
      >
        {(_slide, path, name) => (
          <>
            <ImageField path={joinPath(path, 'image')} of={name} />
            <Bilingual path={joinPath(path, 'title')} label={t('Title')} of={name} />
            <Bilingual path={joinPath(path, 'text')} label={t('Text')} rows={2} of={name} />
          </>
        )}
      </ListEditor>
      <h3 className={styles.sectionTitle}>{t('Sponsors')}</h3>
      <ListEditor
        path="sponsors"
        items={content.sponsors}
        itemName={(sponsor, index) => inLanguage(sponsor.name, lang) || t('Sponsor {{number}}', { number: digits(index + 1) })}
        newItem={newItems.sponsor}
        addLabel={t('Add a sponsor')}
        emptyText={t('No sponsors yet.')}
        headingLevel={4}
      >
        {(_sponsor, path, name) => (
          <>
            <ImageField path={joinPath(path, 'image')} of={name} />
            <Bilingual path={joinPath(path, 'name')} label={t('Name')} of={name} />
          </>
        )}
      </ListEditor>
    </PartFrame>
  );
}

function Pages() {
  const { t } = useTranslation();
  return (
    <PartFrame title={t('Pages')} intro={t('The texts of the About page and the Privacy Policy.')}>
      <p className={styles.markupHint}>
        {t('Leave a blank line between paragraphs. A line starting with “## ” is a heading, with “- ” a list item; a link is written [text](https://…).')}
      </p>
      <h3 className={styles.sectionTitle}>{t('About')}</h3>
      <Bilingual path="about" label={t('About page text')} rows={16} />
      <h3 className={styles.sectionTitle}>{t('Privacy Policy')}</h3>
      <Bilingual path="privacy" label={t('Privacy Policy text')} rows={16} />
    </PartFrame>
  );
}

export const partPages: Record<Part, () => ReactNode> = {
  organisation: Organisation,
  team: Team,
  subBodies: SubBodies,
  home: Home,
  pages: Pages,
};
