"""The microphone side of the ``capture`` stage: utterance audio with a known truth (a
labelled audio set, generated with eSpeak NG and cabin noise), real voice-activity detectors,
and the endpointer that decides the end of speech."""
