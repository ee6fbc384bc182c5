/** The widget's words, in English and Arabic. */
export const strings = {
  en: {
    open: 'Chat with us',
    close: 'Close chat',
    conversation: 'Conversation',
    message: 'Message',
    placeholder: 'Type your message…',
    send: 'Send',
    you: 'You',
    team: 'Team',
    joined: 'A person has joined',
    back: 'You are chatting with the assistant again',
    reconnecting: 'Reconnecting…',
    waiting: 'Waiting for a reply…',
    failed: 'Something went wrong. Please try again.',
    signInFailed: 'We could not sign you in to the chat.',
    signInExpired: 'Your sign-in to the chat has expired. Please reload the page.',
  },
  ar: {
    open: 'تحدث معنا',
    close: 'إغلاق المحادثة',
    conversation: 'المحادثة',
    message: 'رسالتك',
    placeholder: 'اكتب رسالتك…',
    send: 'إرسال',
    you: 'أنت',
    team: 'فريق الدعم',
    joined: 'انضم إليك أحد الموظفين',
    back: 'عدت إلى المحادثة مع المساعد',
    reconnecting: 'جارٍ إعادة الاتصال…',
    waiting: 'بانتظار الرد…',
    failed: 'حدث خطأ ما. يرجى المحاولة مرة أخرى.',
    signInFailed: 'تعذّر تسجيل دخولك إلى المحادثة.',
    signInExpired: 'انتهت صلاحية تسجيل دخولك إلى المحادثة. يرجى إعادة تحميل الصفحة.',
  },
} as const;

export type Language = keyof typeof strings;
export type Words = { [K in keyof (typeof strings)['en']]: string };
