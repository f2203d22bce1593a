import {
  FAQ_PAGE_LABELS,
  FAQ_PAGES,
  HOME_ICON_LABELS,
  HOME_ICONS,
  type FaqFormItem,
  type HomeCardFormItem,
  type ReviewFormItem,
} from "~/lib/home-content-schema";
import { adminUi } from "../admin-page";
import { useEditor } from "../packages/editor-context";
import { EditorInput, EditorSelect, EditorTextArea } from "../packages/editor-field";
import { ListEditor } from "./list-editor";
import listStyles from "./list-editor.module.css";

/** Why Choose Us (4 cards with an icon each) and the 4 process steps (ADR 041), in the Home page editor. */
export function HomeCardsFields({ initial }: { initial: { whyChooseUs: HomeCardFormItem[]; process: HomeCardFormItem[] } }) {
  const card = (list: "whyChooseUs" | "process", noun: string, item: HomeCardFormItem, index: number) => (
    <fieldset key={`${list}-${index}`} className={listStyles.row}>
      <legend className={listStyles.legend}>
        {noun} {index + 1}
      </legend>
      <EditorInput name={`${list}[${index}].title`} label={`${noun} ${index + 1}: title`} maxLength={80} defaultValue={item.title} />
      <EditorTextArea name={`${list}[${index}].body`} label={`${noun} ${index + 1}: text`} rows={2} maxLength={400} defaultValue={item.body} />
      <EditorSelect
        name={`${list}[${index}].icon`}
        label={`${noun} ${index + 1}: icon`}
        defaultValue={item.icon}
        options={HOME_ICONS.map((value) => ({ value, label: HOME_ICON_LABELS[value] }))}
      />
    </fieldset>
  );
  return (
    <>
      <div className={listStyles.cards}>{initial.whyChooseUs.map((item, index) => card("whyChooseUs", "Card", item, index))}</div>
      <div className={listStyles.cards}>{initial.process.map((item, index) => card("process", "Step", item, index))}</div>
    </>
  );
}

/** The FAQ of the home and contact pages: questions in order, each shown on one page or both (ADR 041). */
export function FaqFields({ initial }: { initial: FaqFormItem[] }) {
  const { markDirty } = useEditor();
  return (
    <>
      <p className={adminUi.muted}>The first question shows open.</p>
      <ListEditor
        initial={initial}
        blank={() => ({ question: "", answer: "", pages: "both" })}
        addLabel="Add a question"
        itemLabel={(index) => `question ${index + 1}`}
        onChange={markDirty}
        renderRow={(item, index) => (
          <>
            <EditorInput name={`faqs[${index}].question`} label={`Question ${index + 1}`} maxLength={300} defaultValue={item.question} />
            <EditorTextArea name={`faqs[${index}].answer`} label={`Answer ${index + 1}`} rows={3} maxLength={2000} defaultValue={item.answer} />
            <EditorSelect
              name={`faqs[${index}].pages`}
              label={`Question ${index + 1} shows on`}
              defaultValue={item.pages}
              options={FAQ_PAGES.map((value) => ({ value, label: FAQ_PAGE_LABELS[value] }))}
            />
          </>
        )}
      />
    </>
  );
}

/** The traveller reviews on the home page (16 shown, 8 on a desktop until "show more"). */
export function ReviewsFields({ initial }: { initial: ReviewFormItem[] }) {
  const { markDirty } = useEditor();
  return (
    <ListEditor
      initial={initial}
      blank={() => ({ name: "", location: "", comment: "", rating: "5" })}
      addLabel="Add a review"
      itemLabel={(index) => `review ${index + 1}`}
      onChange={markDirty}
      renderRow={(item, index) => (
        <>
          <EditorInput name={`reviews[${index}].name`} label={`Review ${index + 1}: name`} maxLength={80} defaultValue={item.name} />
          <EditorInput name={`reviews[${index}].location`} label={`Review ${index + 1}: place (optional)`} maxLength={80} defaultValue={item.location} />
          <EditorTextArea
            name={`reviews[${index}].comment`}
            label={`Review ${index + 1}: what they said`}
            rows={3}
            maxLength={1000}
            defaultValue={item.comment}
          />
          <EditorInput
            name={`reviews[${index}].rating`}
            label={`Review ${index + 1}: rating (1 to 5)`}
            type="number"
            inputMode="numeric"
            min={1}
            max={5}
            defaultValue={item.rating}
          />
        </>
      )}
    />
  );
}
